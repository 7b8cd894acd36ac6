import { useEffect } from 'preact/hooks';
import type { PopupConnector } from './popup-connector';

/**
 * Escape closes the popup, wherever the focus is. Browsers do so for their own
 * popups, but headless Chromium's does not, and a keyboard user needs a sure way out.
 */
export function useEscapeCloses(connector: PopupConnector): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Not while an input method composes (Escape there cancels the composition, not the popup); Chrome reports
      // such keys with keyCode 229 (and may say isComposing false on the key that ends it).
      if (event.key === 'Escape' && !event.isComposing && event.keyCode !== 229) connector.close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [connector]);
}
