import { useEffect, useRef } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import type { StatusLine } from './view-types';

/** How long Undo is offered after a delete or an import. */
export const UNDO_MS = 8000;
/** While Undo is held open, how often to look again whether it still is. */
const HOLD_RECHECK_MS = 1000;

/**
 * The page's one status line (Copied, Deleted + Undo, what an import did + Undo),
 * read out by screen readers as it changes. Undo is withdrawn after UNDO_MS,
 * but never while the pointer or the keyboard focus is on the bar: someone
 * on their way to the button must not see it vanish.
 */
export function StatusBar({ status, onUndo, onExpired }: { status: StatusLine | undefined; onUndo(): void; onExpired(status: StatusLine): void }) {
  const { t } = useWords();
  const bar = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  useEffect(() => {
    if (status?.undo === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const expireUnlessHeld = () => {
      const element = bar.current;
      // Asked when the time is up rather than tracked: a focused button that is removed fires no focusout in every browser.
      const held = element !== null && (hovered.current || element.contains(element.ownerDocument.activeElement));
      if (held) timer = setTimeout(expireUnlessHeld, HOLD_RECHECK_MS);
      else onExpired(status);
    };
    timer = setTimeout(expireUnlessHeld, UNDO_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <div
      ref={bar}
      class={status === undefined ? 'status-bar is-empty' : 'status-bar'}
      onPointerEnter={() => {
        hovered.current = true;
      }}
      onPointerLeave={() => {
        hovered.current = false;
      }}
    >
      {/* Always in the page, so that screen readers hear each new sentence. */}
      <p role="status" data-testid="history-status">
        {status?.text}
      </p>
      {status?.undo !== undefined && (
        <button type="button" class="secondary-button" data-focus="undo" onClick={onUndo}>
          {t(status.undo.kind === 'imported' ? 'historyUndoImport' : 'historyUndo')}
        </button>
      )}
    </div>
  );
}
