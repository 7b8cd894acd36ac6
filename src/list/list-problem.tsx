import { useWords } from '../ui/words-context';
import type { ShownProblem } from './list-machine';
import { needsSettings, problemSentence } from './list-words';

/** Why nothing was sent, said as it happens; with the way to the settings when only they can fix it. */
export function ListProblem({ problem, onOpenSettings }: { problem: ShownProblem | undefined; onOpenSettings(): void }) {
  const words = useWords();
  return (
    <div class="list-problem">
      {/* Rendered from the start, filled when there is a problem: a live region must be in the page before its words. */}
      <p id="list-problem" class="error-message" role="alert" data-testid="list-problem">
        {problem !== undefined && problemSentence(problem, words)}
      </p>
      {needsSettings(problem) && (
        <button type="button" class="quiet-button" onClick={onOpenSettings}>
          {words.t('popupOpenSettings')}
        </button>
      )}
    </div>
  );
}
