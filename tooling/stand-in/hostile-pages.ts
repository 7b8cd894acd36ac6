import { escapeHtml, htmlDocument } from './html';

/**
 * Pages that try to turn "Shorten the links in this field / in the
 * selection" against the user (issue 33): each is an ordinary page with the
 * addresses a person sees, and a trap a person does not. The tests drive them
 * through the browsers' real context menus.
 */
export const HOSTILE_PATHS = {
  /** An editable block whose `<style>`, between two addresses, holds text that is markup once parsed again. */
  styleInField: '/demo/hostile/style-in-field',
} as const;

/** The page at `path`, or undefined when it is none of these. */
export function hostilePage(path: string, baseUrl: string): string | undefined {
  const address = (from: string) => escapeHtml(`${baseUrl}/demo/destination?from=${from}`);
  switch (path) {
    case HOSTILE_PATHS.styleInField:
      return htmlDocument(
        'Notes with a style inside',
        `<main>
<h1>Notes with a style inside</h1>
<div id="editor" contenteditable="true" style="border:1px solid #ccc;padding:0.5rem">See ${address('style-1')} <style id="trap"></style>and ${address('style-2')} too.</div>
</main>
<script>
  // The style's text, as a script may set it: once serialised (innerHTML writes a style's text raw) and parsed
  // again, it would close the style and add an image whose error handler runs in the page.
  document.getElementById('trap').textContent = '</style><img id="planted" src="/demo/hostile/none.png" onerror="window.ranInPage = true">';
  // Every element added to the page from now on, by name.
  window.added = [];
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) window.added.push(node.nodeName);
  }).observe(document, { childList: true, subtree: true });
</script>`,
      );
    default:
      return undefined;
  }
}
