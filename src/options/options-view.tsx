import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { COPY_FORMATS, type CopyFormat } from '../storage/copy-format-setting';
import { ConfirmStep } from '../ui/confirm-step';
import { COPY_FORMAT_WORDS } from '../ui/copy-format-words';
import { useWords } from '../ui/words-context';
import { OptionsHeader } from './options-header';
import { PageLinkHostsList } from './page-link-hosts-list';
import { PermissionsCard } from './permissions-card';
import { ServerCard } from './server-card';
import { TokenCard } from './token-card';
import type { HistoryLeft, OptionsViewProps } from './options-view-props';

export { PLAIN_SETTINGS, type ConnectionStatus, type FieldErrors, type HistoryLeft, type OptionsFormValues, type OptionsViewProps, type SavedToken } from './options-view-props';

/** The options form; plain Preact with no browser calls, wired up by options-app.tsx. */
export function OptionsView(props: OptionsViewProps) {
  const { values, saveStatus, onChange } = props;
  const { t } = useWords();
  const historyBox = useRef<HTMLInputElement>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    props.onSave();
  };
  return (
    <main class="options">
      <OptionsHeader />
      {props.accountsCard}
      <form onSubmit={submit} noValidate>
        <p class="editing-account" data-testid="editing-account">
          {props.editingName === undefined ? t('optionsAddingAccount') : t('optionsEditingAccount', props.editingName)}
        </p>
        <TokenCard {...props} />

        <ServerCard {...props} />

        <section class="card">
          <h2>{t('optionsBehaviourHeading')}</h2>
          <label class="checkbox">
            <input
              type="checkbox"
              name="autoCopy"
              checked={values.autoCopy}
              onChange={(event) => onChange({ autoCopy: event.currentTarget.checked })}
            />
            {t('optionsAutoCopy')}
          </label>
          <div class="field-group">
            <label class="field-label" for="copy-format">
              {t('optionsCopyFormat')}
            </label>
            <select id="copy-format" value={values.copyFormat} onChange={(event) => onChange({ copyFormat: event.currentTarget.value as CopyFormat })}>
              {COPY_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(COPY_FORMAT_WORDS[format])}
                </option>
              ))}
            </select>
            <p class="hint">{t('optionsCopyFormatHint')}</p>
          </div>
          <label class="checkbox">
            <input type="checkbox" checked={values.stripTracking} onChange={(event) => onChange({ stripTracking: event.currentTarget.checked })} />
            {t('optionsStripTracking')}
          </label>
          <label class="checkbox">
            <input type="checkbox" checked={values.usePageShortLink} onChange={(event) => onChange({ usePageShortLink: event.currentTarget.checked })} />
            {t('optionsUsePageShortLink')}
          </label>
          <p class="hint">{t('optionsUsePageShortLinkHint')}</p>
          <PageLinkHostsList {...props.pageLinkHosts} />
        </section>

        <section class="card">
          <h2>{t('optionsHistoryHeading')}</h2>
          <label class="checkbox">
            <input type="checkbox" ref={historyBox} checked={values.history} onChange={(event) => onChange({ history: event.currentTarget.checked })} />
            {t('optionsHistory')}
          </label>
          <p class="hint">{t('optionsHistoryHint')}</p>
          <HistoryLeftNotice historyLeft={props.historyLeft} onClear={props.onClearHistory} focusAfterClear={historyBox} />
          <button type="button" class="secondary-button" onClick={props.onOpenHistory}>
            {t('optionsOpenHistory')}
          </button>
        </section>

        <div class="save-row">
          <button type="submit" class="primary-button">
            {t('optionsSave')}
          </button>
          <p class="save-status" role="status" data-testid="save-status">
            {saveStatus}
          </p>
        </div>
      </form>
      {props.cards}
      <PermissionsCard rows={props.permissions.rows} status={props.permissions.status} onGiveBack={props.onGiveBack} />
    </main>
  );
}

/** `focusAfterClear`: where focus goes once the links are deleted (their button goes with them). */
function HistoryLeftNotice({ historyLeft, onClear, focusAfterClear }: { historyLeft: HistoryLeft; onClear(): void; focusAfterClear: RefObject<HTMLElement | null> }) {
  const { t } = useWords();
  return (
    <div class="history-left">
      <p role="status" data-testid="history-left" class={historyLeft.state === 'failed' ? 'field-error' : undefined}>
        {historyLeft.state === 'kept' && t('optionsHistoryStillSaved', historyLeft.count)}
        {historyLeft.state === 'cleared' && t('optionsHistoryCleared', historyLeft.count)}
        {historyLeft.state === 'failed' && historyLeft.message}
      </p>
      {historyLeft.state === 'kept' && <ClearHistory count={historyLeft.count} onClear={onClear} focusAfterClear={focusAfterClear} />}
    </div>
  );
}

/** Deleting the links history still holds: asked first, as the history page's "Delete all" is (there is no undo here). */
function ClearHistory({ count, onClear, focusAfterClear }: { count: number; onClear(): void; focusAfterClear: RefObject<HTMLElement | null> }) {
  const { t } = useWords();
  const [asking, setAsking] = useState(false);
  const clear = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={clear} class="secondary-button" aria-expanded={asking} onClick={() => setAsking(true)}>
        {t('optionsClearHistory', count)}
      </button>
      {asking && (
        <ConfirmStep
          question={t('historyDeleteAllQuestion', count)}
          confirmLabel={t('historyDeleteAllConfirm')}
          cancelLabel={t('historyCancel')}
          onConfirm={() => {
            setAsking(false);
            focusAfterClear.current?.focus();
            onClear();
          }}
          onCancel={() => {
            clear.current?.focus();
            setAsking(false);
          }}
        />
      )}
    </>
  );
}
