import { useId, useRef, useState } from 'preact/hooks';
import { useOnDemand } from '../ui/on-demand';
import { useWords } from '../ui/words-context';
import type { ShareActions } from './share-actions';
import type { SharedLink } from './shared-link';
import type { MenuFocus } from './share-menu';

export interface ShareButtonProps {
  link: SharedLink;
  share: ShareActions;
  /** The button's accessible name, where its one word would not tell it apart (each history row's). */
  label?: string;
}

/**
 * Share: the system's share sheet where the browser has one; elsewhere (or
 * when the sheet refuses) a menu button, as WAI-ARIA's menu button pattern
 * has it, whose menu of destinations is a chunk loaded on the first press.
 * The button and its menu's placeholder are all a page loads up front.
 */
export function ShareButton({ link, share, label }: ShareButtonProps) {
  const { t } = useWords();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  // A new value each time the menu is asked to put the focus on an item.
  const [menu, setMenu] = useState<MenuFocus | undefined>(undefined);
  const sheet = share.hasShareSheet(link);
  const press = () => {
    if (!sheet) setMenu(menu === undefined ? { item: 'first' } : undefined);
    // Within the click: browsers show the sheet only for the user's own gesture.
    else void share.openShareSheet(link).then((outcome) => outcome === 'failed' && setMenu({ item: 'first' }));
  };
  const close = (refocus: boolean) => {
    setMenu(undefined);
    if (refocus) button.current?.focus();
  };
  return (
    <div class="share">
      <button
        ref={button}
        id={id}
        type="button"
        class="secondary-button"
        aria-label={label}
        aria-haspopup={sheet ? undefined : 'menu'}
        aria-expanded={sheet ? undefined : menu !== undefined}
        aria-controls={menu === undefined ? undefined : `${id}-menu`}
        onClick={press}
        onKeyDown={(event) => {
          // Down opens the menu on its first item, Up on its last.
          if (sheet || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
          event.preventDefault();
          setMenu({ item: event.key === 'ArrowDown' ? 'first' : 'last' });
        }}
      >
        {t('share')}
      </button>
      {menu !== undefined && <LazyShareMenu link={link} share={share} buttonId={id} focus={menu} onClose={close} />}
    </div>
  );
}

interface LazyShareMenuProps {
  link: SharedLink;
  share: ShareActions;
  buttonId: string;
  focus: MenuFocus;
  onClose(refocus: boolean): void;
}

/** The menu once its chunk is there; shown again after a failure to load, it tries again. */
function LazyShareMenu({ link, share, buttonId, focus, onClose }: LazyShareMenuProps) {
  const { t } = useWords();
  const loaded = useOnDemand(share.loadShareMenu, true, 'the share menu');
  // What the button controls until the menu is there: the sentence in its place.
  const menuId = `${buttonId}-menu`;
  if (loaded === undefined) return <p id={menuId} class="hint share-menu" role="status">{t('shareLoading')}</p>;
  if (loaded === 'failed') return <p id={menuId} class="field-error share-menu" role="alert">{t('shareLoadFailed')}</p>;
  return <loaded.value link={link} buttonId={buttonId} menuId={menuId} focus={focus} openTab={share.openShareTab} onClose={onClose} />;
}
