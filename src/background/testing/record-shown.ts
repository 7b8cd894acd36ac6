/** Text the background showed outside any page: a notification, the toolbar button's title, or the address bar's first line or a suggestion below it. */
export interface ShownText {
  surface: 'notification' | 'badge-title' | 'omnibox' | 'omnibox-suggestion';
  text: string;
  /** A suggestion's: the words it answers (a test waits for the batch of the words it typed last). */
  typed?: string;
  /** A notification's id, where a test must click it and the browser shows none to click (Firefox with no notification service). */
  id?: string;
}

/**
 * e2e build only (callers guard with `import.meta.env.MODE === 'e2e'`, which
 * removes the call from dist/): what a notification or the badge title said,
 * which no browser API reads back. Kept for the tests (`shrtnrE2e.shown`,
 * installed by e2e-hooks.ts) and echoed to the console, where the token audit
 * reads every context's output even after the worker that showed it has
 * stopped. A leaf: it imports nothing of the background.
 */
export function recordShownForE2e(shown: ShownText): void {
  const hooks = (globalThis as { shrtnrE2e?: { shown: ShownText[] } }).shrtnrE2e;
  hooks?.shown.push(shown);
  console.warn(`[e2e] shown in ${shown.surface}: ${shown.text}`);
}
