/** Text the background showed outside any page: a notification, the toolbar button's title, or the address bar's first line or a suggestion below it. */
export interface ShownText {
  surface: 'notification' | 'badge-title' | 'omnibox' | 'omnibox-suggestion';
  text: string;
  /** A suggestion's: the words it answers. */
  typed?: string;
  /** A notification's id. */
  id?: string;
}

const listeners = new Set<(shown: ShownText) => void>();

/**
 * Says what the background just showed outside any page, which no browser
 * API reads back, to whoever listens (the e2e build's hooks,
 * background/testing/: nothing else does). A leaf: it imports nothing.
 */
export function tellShown(shown: ShownText): void {
  for (const listener of listeners) listener(shown);
}

/** Hears everything the background shows outside any page from now on; returns the unsubscribe. */
export function onShown(listener: (shown: ShownText) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
