// Loaded only on demand (`import('../share/share-menu')`), with the
// destinations and their styles: a page that never shares never pays for it.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { MessageKey } from '../platform/words';
import { useWords } from '../ui/words-context';
import { SHARE_DESTINATIONS, type ShareDestinationId } from './share-destinations';
import type { SharedLink } from './shared-link';
import './share-menu.css';

/** What opening a destination's tab came to: done, or the browser's own reason it was not. */
export type TabOutcome = { ok: true } | { ok: false; reason: string };

/** The item that takes the focus as the menu opens: a new value each time it is asked for. */
export interface MenuFocus {
  item: 'first' | 'last';
}

export interface ShareMenuProps {
  link: SharedLink;
  /** The menu button, which names the menu. */
  buttonId: string;
  menuId: string;
  focus: MenuFocus;
  openTab(url: string): Promise<TabOutcome>;
  /** Closes the menu; `refocus`: its button takes the focus back (Escape, a destination opened). */
  onClose(refocus: boolean): void;
}

const NAMES: Record<ShareDestinationId, MessageKey> = {
  email: 'shareEmail',
  x: 'shareX',
  linkedin: 'shareLinkedIn',
  facebook: 'shareFacebook',
  reddit: 'shareReddit',
  whatsapp: 'shareWhatsApp',
  telegram: 'shareTelegram',
};

/**
 * The destinations, as a menu (WAI-ARIA's menu pattern): Up and Down move
 * between them and wrap, Home and End go to the ends, a letter to the next
 * that starts with it, Enter opens one in a new tab, Escape closes the menu
 * and gives its button the focus back; Tab, or a press anywhere else, closes it.
 */
export function ShareMenu({ link, buttonId, menuId, focus, openTab, onClose }: ShareMenuProps) {
  const { t } = useWords();
  const root = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusAt = (index: number) => {
    const all = items();
    all.at(index % all.length)?.focus();
  };

  useLayoutEffect(() => focusAt(focus.item === 'first' ? 0 : -1), [focus]);

  // A press outside the menu and its button closes it (a focus that leaves is not enough: a button
  // pressed in Safari, or Firefox on macOS, takes no focus). Listened for from the frame the menu shows in.
  useLayoutEffect(() => {
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (!root.current?.contains(target) && !document.getElementById(buttonId)?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [buttonId, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(event.target as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    const next = moves[event.key];
    if (event.key === 'Tab') return onClose(false);
    if (next !== undefined) focusAt(next);
    else if (event.key === 'Escape') onClose(true);
    // A letter (not Space, which chooses the item as Enter does: the button's own).
    else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toLocaleLowerCase();
      const from = [...all.slice(at + 1), ...all.slice(0, at + 1)];
      from.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter))?.focus();
    } else return;
    // The menu's own keys: not the page's (Escape would close the popup), nor the browser's (Down would scroll).
    event.preventDefault();
    event.stopPropagation();
  };

  const choose = async (id: ShareDestinationId, address: string) => {
    setFailure(undefined);
    const done = await openTab(address);
    if (done.ok) onClose(true);
    else setFailure(t('shareOpenFailed', t(NAMES[id]), done.reason));
  };

  return (
    <div class="share-menu" ref={root}>
      <ul id={menuId} role="menu" aria-labelledby={buttonId} onKeyDown={onKeyDown}>
        {SHARE_DESTINATIONS.map(({ id, address }) => (
          <li key={id} role="none">
            <button type="button" role="menuitem" tabIndex={-1} class="share-item" onClick={() => void choose(id, address(link))}>
              {t(NAMES[id])}
            </button>
          </li>
        ))}
      </ul>
      {failure !== undefined && (
        <p class="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
