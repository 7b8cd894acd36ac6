import { useState } from 'preact/hooks';
import type { ListPlan } from '../messages/list-port';
import { leastTimeMs, perMinute } from '../shortening/run-pace';
import { errorSentence } from '../ui/error-words';
import { useWords } from '../ui/words-context';
import { change, send, type ListPage } from './list-machine';
import { ListProblem } from './list-problem';
import { duration } from './list-words';
import type { Act } from './use-list-page';

/** Invalid addresses listed at once: the rest a click away (a list may hold thousands). */
export const INVALID_SHOWN = 100;

interface ListPlanViewProps {
  page: ListPage;
  plan: ListPlan;
  act: Act;
  onOpenSettings(): void;
}

/** What the list comes to before anything is sent: the counts, each address that cannot be sent and why, and how long the limit makes it take. */
export function ListPlanView({ page, plan, act, onOpenSettings }: ListPlanViewProps) {
  const words = useWords();
  const { t } = words;
  const [shown, setShown] = useState(INVALID_SHOWN);
  const takesMs = leastTimeMs(plan.fresh, plan.pace);
  return (
    <section class="list-plan" aria-labelledby="plan-heading">
      <h2 id="plan-heading" tabIndex={-1}>
        {t('listPlanHeading')}
      </h2>
      <ul class="plan-counts" data-testid="plan-counts">
        <li>{t('listPlanAddresses', plan.addresses)}</li>
        <li>{t('listPlanFresh', plan.fresh)}</li>
        {plan.inHistory > 0 && <li>{t('listPlanInHistory', plan.inHistory)}</li>}
        {plan.duplicates > 0 && <li>{t('listPlanDuplicates', plan.duplicates)}</li>}
        {plan.invalid.length > 0 && <li>{t('listPlanInvalid', plan.invalid.length)}</li>}
      </ul>
      {plan.fresh > 0 && (
        <p class="hint" data-testid="plan-time">
          {takesMs === 0 ? t('listPlanAtOnce') : t('listPlanTime', perMinute(plan.pace), duration(takesMs, words))}
        </p>
      )}
      {plan.invalid.length > 0 && (
        // It scrolls (a long list): focusable, so a keyboard can scroll it too.
        <ul class="invalid-list" tabIndex={0} aria-label={t('listPlanInvalid', plan.invalid.length)}>
          {plan.invalid.slice(0, shown).map(({ place, address, error }) => (
            <li key={place} data-testid="invalid-address">
              <span class="row-place">{t('listRow', place)}</span>{' '}
              <span class="address" dir="ltr">
                {address}
              </span>{' '}
              <span class="why">{errorSentence(error, words)}</span>
            </li>
          ))}
        </ul>
      )}
      {plan.invalid.length > shown && (
        <p class="hint">
          {t('historyShowing', shown, plan.invalid.length)}{' '}
          <button type="button" class="quiet-button" onClick={() => setShown(shown + INVALID_SHOWN)}>
            {t('historyShowMore')}
          </button>
        </p>
      )}
      <div class="actions">
        <button type="button" class="primary-button" aria-disabled={page.sending} onClick={() => act(send)}>
          {t('listSend')}
        </button>
        <button type="button" class="secondary-button" onClick={() => act(change)}>
          {t('listChange')}
        </button>
      </div>
      <ListProblem problem={page.problem} onOpenSettings={onOpenSettings} />
    </section>
  );
}
