/**
 * The toolbar popup's pages. The manifest names the page that draws itself in
 * either writing direction: its stylesheets are files, in which the browser
 * puts the UI language's direction (`__MSG_@@bidi_dir__`). Chromium's builds
 * add one page per direction with the same stylesheets inline and the
 * direction written in (scripts/build/popup-directions.ts): nothing to fetch
 * before the first frame. The worker makes the one of the UI language the
 * popup (src/platform/toolbar-popup.ts). No imports: the build reads these
 * names too.
 */
export const POPUP_PAGE = 'src/popup/index.html';

export type WritingDirection = 'ltr' | 'rtl';

export const POPUP_PAGE_OF_DIRECTION: Readonly<Record<WritingDirection, string>> = {
  ltr: 'src/popup/ltr.html',
  rtl: 'src/popup/rtl.html',
};

/**
 * Whether a build's policy for its pages allows inline styles (by hash): the
 * build has the pages per direction exactly then, and the worker reads the
 * same to know it. Firefox's build has none (scripts/build/manifest-targets.ts).
 */
export const allowsInlineStyles = (policy: string): boolean => /\bstyle-src\b[^;]*'sha256-/.test(policy);
