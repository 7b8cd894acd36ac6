import { useRef } from 'preact/hooks';
import { COPY_FORMATS, type CopyFormat } from '../storage/copy-format-setting';
import { COPY_FORMAT_WORDS } from '../ui/copy-format-words';
import { useWords } from '../ui/words-context';
import { HistoryLeftNotice } from './history-left-notice';
import type { OptionsViewProps, PreferenceCardProps } from './options-view-props';
import { PageLinkHostsList } from './page-link-hosts-list';

/** How links are copied and made: each choice saved as it is made, the card's status line saying so. */
export function BehaviourCard({ shown, status, onChoose, pageLinkHosts, onForgetPageLinkHost }: OptionsViewProps['behaviour']) {
  const { t } = useWords();
  return (
    <section class="card" aria-labelledby="behaviour-heading">
      <h2 id="behaviour-heading">{t('optionsBehaviourHeading')}</h2>
      <label class="checkbox">
        <input type="checkbox" name="autoCopy" checked={shown.autoCopy} onChange={(event) => onChoose('autoCopy', event.currentTarget.checked)} />
        {t('optionsAutoCopy')}
      </label>
      <div class="field-group">
        <label class="field-label" for="copy-format">
          {t('optionsCopyFormat')}
        </label>
        <select id="copy-format" value={shown.copyFormat} onChange={(event) => onChoose('copyFormat', event.currentTarget.value as CopyFormat)}>
          {COPY_FORMATS.map((format) => (
            <option key={format} value={format}>
              {t(COPY_FORMAT_WORDS[format])}
            </option>
          ))}
        </select>
        <p class="hint">{t('optionsCopyFormatHint')}</p>
      </div>
      <label class="checkbox">
        <input type="checkbox" checked={shown.stripTracking} onChange={(event) => onChoose('stripTracking', event.currentTarget.checked)} />
        {t('optionsStripTracking')}
      </label>
      <label class="checkbox">
        <input type="checkbox" checked={shown.usePageShortLink} onChange={(event) => onChoose('usePageShortLink', event.currentTarget.checked)} />
        {t('optionsUsePageShortLink')}
      </label>
      <p class="hint">{t('optionsUsePageShortLinkHint')}</p>
      <PageLinkHostsList accepted={pageLinkHosts} onForget={onForgetPageLinkHost} />
      <SaveStatus status={status} testId="behaviour-status" />
    </section>
  );
}

/** Whether history is kept (saved as it is changed), the links it still holds while it is off, and the history page. */
export function HistoryCard({ shown, status, onChoose, historyLeft, onClearHistory, onOpenHistory }: OptionsViewProps['history']) {
  const { t } = useWords();
  const historyBox = useRef<HTMLInputElement>(null);
  return (
    <section class="card" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('optionsHistoryHeading')}</h2>
      <label class="checkbox">
        <input type="checkbox" ref={historyBox} checked={shown.history} onChange={(event) => onChoose('history', event.currentTarget.checked)} />
        {t('optionsHistory')}
      </label>
      <p class="hint">{t('optionsHistoryHint')}</p>
      <SaveStatus status={status} testId="history-status" />
      <HistoryLeftNotice historyLeft={historyLeft} onClear={onClearHistory} focusAfterClear={historyBox} />
      <button type="button" class="secondary-button" onClick={onOpenHistory}>
        {t('optionsOpenHistory')}
      </button>
    </section>
  );
}

/** What the card's last change came to, said politely. */
function SaveStatus({ status, testId }: Pick<PreferenceCardProps, 'status'> & { testId: string }) {
  return (
    <p class="save-status" role="status" data-testid={testId}>
      {status}
    </p>
  );
}
