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
  /** A paragraph to select, with a link the page's style sheet hides next to the visible word it copies, and an address off the page. */
  hiddenLink: '/demo/hostile/hidden-link',
  /** A paragraph that is one address as a person sees it, with more of an address placed off the page inside it. */
  splicedAddress: '/demo/hostile/spliced-address',
  /** The spliced address's page in a frame of another site (localhost under 127.0.0.1): the menu click's access does not reach it. */
  framedSplice: '/demo/hostile/framed-splice',
  /** A text area a person sees; at the right-click the page moves the focus to one placed off the page, full of addresses. */
  focusThief: '/demo/hostile/focus-thief',
  /** A text area that holds more addresses than one click sends without asking. */
  manyLinks: '/demo/hostile/many-links',
} as const;

/** How many addresses the many-links text area holds. */
export const MANY_ADDRESSES = 30;

/** How many addresses the focus thief's hidden text area holds. */
export const HIDDEN_FIELD_ADDRESSES = 60;

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
    case HOSTILE_PATHS.hiddenLink:
      return htmlDocument(
        'Contact us',
        `<main>
<h1>Contact us</h1>
<p id="contact">Write to <a class="gone" href="${address('hidden-link')}">support</a>support or read ${address('seen')}<span class="away"> and ${address('off-page')}</span>.</p>
</main>`,
        '<style>.gone { display: none } .away { position: absolute; left: -10000px }</style>\n',
      );
    case HOSTILE_PATHS.splicedAddress: {
      // Selected whole, the browser's own selection text has the hidden part too: another address, one address still.
      const [seen, rest] = address('spliced').split('from=');
      return htmlDocument(
        'Our new page',
        `<main>
<h1>Our new page</h1>
<p id="spliced">${seen}from=<span class="away">evil-</span>${rest}</p>
</main>`,
        '<style>.away { position: absolute; left: -10000px }</style>\n',
      );
    }
    case HOSTILE_PATHS.framedSplice: {
      const otherSite = baseUrl.replace('//127.0.0.1:', '//localhost:');
      return htmlDocument(
        'Our page, and another site in it',
        `<main>
<h1>Our page, and another site in it</h1>
<iframe id="framed" title="Another site" src="${escapeHtml(`${otherSite}${HOSTILE_PATHS.splicedAddress}`)}" width="700" height="200"></iframe>
</main>`,
      );
    }
    case HOSTILE_PATHS.focusThief:
      return htmlDocument(
        'A message',
        `<main>
<h1>A message</h1>
<p><label for="message">Your message</label></p>
<textarea id="message" rows="4" cols="60">See ${address('thief-1')} and ${address('thief-2')}.</textarea>
<textarea id="stash" tabindex="-1" style="position:absolute;left:-10000px">${Array.from({ length: HIDDEN_FIELD_ADDRESSES }, (_, index) => address(`stash-${index}`)).join('\n')}</textarea>
</main>
<script>
  // As the menu opens, the focus goes to the text area no one can see.
  addEventListener('contextmenu', () => document.getElementById('stash').focus(), true);
</script>`,
      );
    case HOSTILE_PATHS.manyLinks:
      return htmlDocument(
        'A long list',
        `<main>
<h1>A long list</h1>
<textarea id="list" rows="12" cols="70">${Array.from({ length: MANY_ADDRESSES }, (_, index) => address(`many-${index}`)).join('\n')}</textarea>
</main>`,
      );
    default:
      return undefined;
  }
}
