// What a test puts on a person's page to right-click (a link, a paragraph) and
// the selection a person makes there: run in the page, by Playwright's or
// Puppeteer's evaluate alike. No helper functions inside: tsx (esbuild keepNames)
// would wrap them in a `__name` call that does not exist in the page.

/** Appends a link to `href` reading `text`, in a paragraph of its own; the link's id. */
export function appendLink([href, text]: readonly [string, string]): string {
  const link = document.createElement('a');
  link.id = `link-${document.querySelectorAll('a[id^="link-"]').length + 1}`;
  link.href = href;
  link.textContent = text;
  document.body.appendChild(document.createElement('p')).append(link);
  return link.id;
}

/** Appends a paragraph of `text`; its id. */
export function appendParagraph(text: string): string {
  const paragraph = document.body.appendChild(document.createElement('p'));
  paragraph.id = `text-${document.querySelectorAll('p[id^="text-"]').length + 1}`;
  paragraph.textContent = text;
  return paragraph.id;
}

/** Selects the whole of the element's text, as a person drags over it. */
export function selectContents(selector: string): void {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector(selector) as Element);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}

/** Notes the next contextmenu event the page sees, from now: a right-click that reached it (contextMenuSeen). */
export function watchContextMenu(): void {
  const page = globalThis as unknown as { shrtnrContextMenuSeen?: boolean };
  page.shrtnrContextMenuSeen = false;
  document.addEventListener(
    'contextmenu',
    () => {
      page.shrtnrContextMenuSeen = true;
    },
    { capture: true, once: true },
  );
}

/** Whether the page saw a contextmenu event since watchContextMenu. */
export function contextMenuSeen(): boolean {
  return (globalThis as unknown as { shrtnrContextMenuSeen?: boolean }).shrtnrContextMenuSeen === true;
}
