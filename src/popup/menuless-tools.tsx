import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import type { TextLinksOutcome } from '../messages/message-map';
import type { MessageKey } from '../platform/words';
import { textErrorSentence } from '../ui/text-error-words';
import { useWords } from '../ui/words-context';

export interface MenulessToolsProps {
  /** "Shorten the links in the selection" of the popup's tab; undefined when the worker could not be reached. */
  onShortenSelection?: (() => Promise<TextLinksOutcome | undefined>) | undefined;
}

export type MenulessToolsComponent = ComponentType<MenulessToolsProps>;

const TITLES: Record<Exclude<TextLinksOutcome['status'], 'failed'>, MessageKey> = {
  copied: 'notifyTextCopiedTitle',
  placed: 'notifyTextCopiedTitle',
  offered: 'notifyReadyTitle',
  superseded: 'notifyTextMadeTitle',
  'not-copied': 'notifyNotCopiedTitle',
};

/**
 * Where a browser has no context menu (Firefox for Android), what the menu
 * does on the desktop, from the popup: where its tools are here (a link
 * pasted, a campaign preset, another account), and the one the popup has no
 * other way to, the links of the page's selection. A chunk of its own: the
 * desktop's popup never loads it.
 */
export function MenulessTools({ onShortenSelection }: MenulessToolsProps) {
  const words = useWords();
  const { t } = words;
  const [outcome, setOutcome] = useState<TextLinksOutcome | 'working' | undefined>(undefined);
  const said = (done: TextLinksOutcome) =>
    done.status === 'failed' ? (
      textErrorSentence(done.error, words)
    ) : (
      <>
        <strong>{t(TITLES[done.status])}</strong> {t('notifyLinksReplaced', done.made, done.found)}
      </>
    );
  return (
    <section class="menuless" data-testid="menuless-tools">
      <p class="hint">{t('popupNoMenuHint')}</p>
      {onShortenSelection !== undefined && (
        <button
          type="button"
          class="secondary-button"
          disabled={outcome === 'working'}
          onClick={() => {
            setOutcome('working');
            void onShortenSelection().then((done) => setOutcome(done ?? { status: 'failed', error: { kind: 'internal', detail: 'the background worker could not be reached' } }));
          }}
        >
          {t('menuShortenSelection')}
        </button>
      )}
      <p class="hint" role="status">
        {outcome !== undefined && outcome !== 'working' && said(outcome)}
      </p>
    </section>
  );
}
