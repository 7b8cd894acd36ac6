import type { ServerResponse } from 'node:http';
import { hostilePage } from './hostile-pages';
import { escapeHtml, htmlDocument } from './html';
import { send, sendHtml } from './responses';
import { SHORT_CODE_PATTERN, type ShortLinks } from './short-links';
import type { RecordedRequest } from './types';

export interface PageContext {
  baseUrl: string;
  shortLinks: ShortLinks;
}

export const ARTICLE_TITLE = 'A long article about link shortening';
export const CLIPBOARD_READER_TITLE = 'Clipboard reader';
export const OWN_LINK_TITLE = 'A page with a short link of its own';
export const WRITING_TITLE = 'Writing with links';
export const WRITING_PATH = '/demo/writing';
/**
 * Where the own-link page's declared short link leads (`/o/1`), the path of
 * the one whose "short" link is longer than its address, of the hostile one
 * whose short link is on another site (OWN_LINK_ELSEWHERE), and of the page
 * still loading: its head (its short link declared) sent at once, the rest
 * only when the test releases it (StandIn.releaseHeld).
 */
export const OWN_LINK_PATHS = { page: '/demo/own-link', shortLink: '/o/1', longer: '/demo/own-link-longer', elsewhere: '/demo/own-link-elsewhere', loading: '/demo/own-link-loading' } as const;
/** The short link the hostile page declares as its own: on a host that is not the page's (a reserved name: it leads nowhere). */
export const OWN_LINK_ELSEWHERE = 'https://phish.example/o/1';
/**
 * A hostile page's title: a control character, U+FFFE and U+FFFF among its
 * words, which XML 1.0 forbids (Chrome parses the address bar's suggestions
 * as XML). Served as they are (a title's text is not escaped for them).
 */
export const HOSTILE_TITLE = 'A hostile\u0001 guide\u000B to\u001F gardening\uFFFE\uFFFF';
export const HOSTILE_TITLE_PATH = '/demo/hostile-title';

/**
 * Everything outside /api/: the redirects behind short URLs, and the pages the
 * browser tests act on (a page to shorten, a destination, a same-origin page to read the clipboard from,
 * hostile pages: hostile-pages.ts).
 */
export function answerPageRequest(request: RecordedRequest, response: ServerResponse, context: PageContext): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return sendHtml(response, 405, htmlDocument('Method not allowed', '<h1>405 | Method Not Allowed</h1>'), { Allow: 'GET, HEAD' });
  }
  switch (request.path) {
    case '/demo/article':
      return sendHtml(response, 200, articlePage(requestOrigin(request, context.baseUrl)));
    case '/demo/destination':
      return sendHtml(response, 200, destinationPage(request));
    case '/demo/blank':
      return sendHtml(response, 200, htmlDocument(CLIPBOARD_READER_TITLE, ''));
    case WRITING_PATH:
      return sendHtml(response, 200, writingPage(requestOrigin(request, context.baseUrl)));
    case OWN_LINK_PATHS.page:
      // A canonical link first, shorter still: never taken (it drops query parameters people need).
      return sendHtml(response, 200, ownLinkPage('<link rel="canonical" href="/c">\n<link rel="alternate shortlink" href="/o/1">\n'));
    case OWN_LINK_PATHS.longer:
      return sendHtml(response, 200, ownLinkPage(`<link rel="shortlink" href="/o/${'a-declared-short-link-longer-than-the-page-address-'.repeat(2)}">\n`));
    case OWN_LINK_PATHS.elsewhere:
      return sendHtml(response, 200, ownLinkPage(`<link rel="shortlink" href="${escapeHtml(OWN_LINK_ELSEWHERE)}">\n`));
    case HOSTILE_TITLE_PATH:
      return sendHtml(response, 200, htmlDocument(HOSTILE_TITLE, '<main>\n<h1>A hostile title</h1>\n<p>Its title holds characters XML 1.0 forbids.</p>\n</main>'));
    case OWN_LINK_PATHS.shortLink:
      return send(response, 302, '', { Location: `${requestOrigin(request, context.baseUrl)}${OWN_LINK_PATHS.page}` });
  }
  const hostile = hostilePage(request.path, requestOrigin(request, context.baseUrl));
  if (hostile !== undefined) return sendHtml(response, 200, hostile);
  const code = SHORT_CODE_PATTERN.exec(request.path)?.[1];
  const target = code === undefined ? undefined : context.shortLinks.targetOf(code);
  if (target !== undefined) {
    // The URL object's form is percent-encoded, so any accepted long URL is a legal header value.
    return send(response, 302, '', { Location: new URL(target).href });
  }
  return sendHtml(response, 404, htmlDocument('Not Found', '<h1>404 | Not Found</h1>'));
}

/** The origin the page was asked for, so its links stay on the name the browser used (a mapped name or an IDN host). */
function requestOrigin(request: RecordedRequest, baseUrl: string): string {
  const host = request.headers.host;
  return host === undefined || host === '' ? baseUrl : `https://${host}`;
}

function articlePage(baseUrl: string): string {
  const linkTarget = escapeHtml(`${baseUrl}/demo/destination?from=link`);
  const selectableUrl = escapeHtml(`${baseUrl}/demo/destination?from=selection`);
  return htmlDocument(
    ARTICLE_TITLE,
    `<main>
<article>
<h1>${escapeHtml(ARTICLE_TITLE)}</h1>
<p class="byline">A demo page served by the local Shrtnr stand-in</p>
<p>Long addresses are hard to read aloud, awkward to paste into a chat and easy to break
across lines. A short link stands in for the long one and redirects to it when followed.</p>
<p>Here is <a id="sample-link" href="${linkTarget}">a link worth shortening</a>; right-click it to
shorten its target rather than this page.</p>
<p>And here is an address written out as plain text, ready to be selected:</p>
<p id="url-text" class="url">${selectableUrl}</p>
<p>Whatever is shortened, the short URL should land on the clipboard, ready to paste.</p>
</article>
</main>`,
  );
}

/**
 * Where people write: a paragraph to select, holding two addresses written
 * out and a link between them; a text area and an editable block, each
 * holding several addresses with text around them.
 */
function writingPage(baseUrl: string): string {
  const address = (from: string) => escapeHtml(`${baseUrl}/demo/destination?from=${from}`);
  return htmlDocument(
    WRITING_TITLE,
    `<main>
<h1>${escapeHtml(WRITING_TITLE)}</h1>
<p class="byline">A demo page served by the local Shrtnr stand-in</p>
<p id="selection-text">Three links: our guide's docs at ${address('written-1')}, <a id="link-in-text" href="/demo/destination?from=anchor">our guide</a>, and ${address('written-2')}.</p>
<p><label for="field-textarea">A message</label></p>
<textarea id="field-textarea" rows="5" cols="60">Hi! The report is at ${address('field-1')} and the slides at ${address('field-2')}.
Thanks, see ${address('field-3')}</textarea>
<p>An editable block:</p>
<div id="field-editable" contenteditable="true" style="border:1px solid #ccc;padding:0.5rem">Notes (<a href="${address('editable-1')}">${address('editable-1')}</a>) then <b>bold</b> ${address('editable-2')}.</div>
</main>`,
  );
}

/** A page that declares its own short link (WordPress's wp.me and YouTube's youtu.be do so), in `head`. */
/** The own-link page, cut where its body begins: what a page still loading has sent, and the rest. */
export function loadingOwnLinkPage(): { head: string; rest: string } {
  const page = ownLinkPage('<link rel="shortlink" href="/o/1">\n');
  const cut = page.indexOf('<body>');
  return { head: page.slice(0, cut), rest: page.slice(cut) };
}

function ownLinkPage(head: string): string {
  return htmlDocument(
    OWN_LINK_TITLE,
    `<main>
<h1>${escapeHtml(OWN_LINK_TITLE)}</h1>
<p class="byline">A demo page served by the local Shrtnr stand-in</p>
<p>Some sites name a short link for each of their pages in a <code>&lt;link rel="shortlink"&gt;</code>. The extension
offers it beside the server's short link: it costs no credit.</p>
</main>`,
    head,
  );
}

/** `?title=…` names the page (tests of many tabs tell them apart by it); the query is shown. */
function destinationPage(request: RecordedRequest): string {
  const params = new URLSearchParams(request.query);
  const query = params.toString();
  return htmlDocument(
    params.get('title') ?? 'You arrived',
    `<main>
<h1>You arrived</h1>
<p>Query: <code id="query">${escapeHtml(query)}</code></p>
</main>`,
  );
}
