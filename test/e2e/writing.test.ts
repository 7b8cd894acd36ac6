// Shortening where people write (issue 20): the links of a selection, and of
// a text field replaced in place, in headed Chromium under Xvfb against the
// stand-in, each chosen with a real right-click and real keys on Chromium's
// menu; and the address bar's keyword typed for real. The demo page is in no
// host permission: the extension reads (and changes) it only with the access
// the menu click grants (activeTab).
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/background/writing/deliver-text.ts,
// src/background/writing/field-links.ts, src/background/writing/selection-links.ts,
// src/background/writing/text-addresses.ts, src/platform/field-editing.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { E2eHooks } from '../../src/background/testing/e2e-hooks';
import type { HistoryEntry } from '../../src/storage/history-entry';
import { HOSTILE_TITLE_PATH, WRITING_PATH } from '../../tooling/stand-in/demo-pages';
import { xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { omniboxShown, suggestionEntered, typedInAddressBar } from '../support/address-bar';
import { clearedBadge, settledBadge } from '../support/toolbar-badge';
import { chooseInMenu, inFrontForKeys, paragraphOnPage } from '../support/real-input';
import { holdNextAnswer, releaseHeldAnswer, restoreRequestTimeout } from '../support/held-answer';

let session: E2eSession;
let xvfb: XvfbServer;
let display: string;
let writing: Page;
const from = (tag: string) => `${session.standIn.baseUrl}/demo/destination?from=${tag}`;

beforeAll(async () => {
  session = await startE2eSession({ headed: true });
  if (session.xvfb === undefined) throw new Error('A headed session comes with its Xvfb display.');
  xvfb = session.xvfb;
  display = xvfb.display;
  await session.useStandIn();
  writing = await session.openTab(WRITING_PATH);
});
afterAll(() => session?.close());
beforeEach(async () => {
  // The toolbar popup that grants activeTab (grantActiveTab) copies nothing of its own.
  await session.configure({ copyFormat: 'plain', autoCopy: false });
  await session.clearHistory();
  session.standIn.setFault(null);
  session.standIn.resetRateLimits();
  session.standIn.clearLog();
  await restoreRequestTimeout(session);
  await session.setClipboard('nothing copied yet');
  // The page as it loads: a test before may have replaced a field's addresses (shuffled, one did).
  await writing.reload();
  // A field test reads the badge for its click's end (at seed 802635, the line-end test read the text area test's ✓,
  // and its own job's ✓ and notice came in the next test, which read that ✓ with its own click's title).
  await clearedBadge(session);
});

/** The short link history holds for each long URL. */
async function shortLinks(): Promise<Map<string, string>> {
  return new Map((await session.history()).map((entry) => [entry.longUrl, entry.shortUrl]));
}

function sentUrls(): string[] {
  return session.standIn.apiRequests().map((request) => (JSON.parse(request.body ?? '{}') as { url: string }).url);
}

/** What the extension copied since the clipboard held `before` (each test starts with "nothing copied yet"). */
async function copiedSince(before = 'nothing copied yet'): Promise<string> {
  await expect.poll(() => session.readClipboard()).not.toBe(before);
  return session.readClipboard();
}

/**
 * A link history holds, made here earlier, written through the worker's own
 * store (the keyword reads it; how it was made is not what these tests are
 * about); its short link.
 */
async function madeEarlier(code: string, tag: string, title: string): Promise<string> {
  const entry = { shortUrl: `${session.standIn.baseUrl}/${code}`, longUrl: from(tag), server: session.standIn.baseUrl, title, createdAt: Date.now(), via: 'menu-link', used: 1, account: 'account-1' };
  await (await session.worker()).evaluate((made) => (globalThis as unknown as { shrtnrE2e: E2eHooks }).shrtnrE2e.history().record(made as HistoryEntry), entry);
  return entry.shortUrl;
}


/** The keyword and words typed for real, then Down to the nth suggestion once Chromium draws it, and Enter: what that copied. */
async function suggestionChosen(words: string, nth: number): Promise<string> {
  await inFrontForKeys(writing, display);
  const before = (await omniboxShown(session, 'omnibox', words)).length;
  // The first line for these words taken: the extension sent the suggestions for them before it.
  await typedInAddressBar(session, display, words, async () => (await omniboxShown(session, 'omnibox', words)).length > before);
  await suggestionEntered(xvfb, nth);
  return copiedSince();
}

async function badgeTitlesShown(): Promise<string[]> {
  return (await session.worker()).evaluate(() =>
    (globalThis as unknown as { shrtnrE2e: { shown: { surface: string; text: string }[] } }).shrtnrE2e.shown.filter((item) => item.surface === 'badge-title').map((item) => item.text),
  );
}

describe('"Shorten the links in the selection"', () => {
  it('copies the text of a selection with two addresses and a link with three short links, reading the page with the access the real click gives', async () => {
    // Right-clicked on its first words, not on its link (a link adds "Shorten link", and the items go in a submenu).
    await chooseInMenu(session, writing, '#selection-text', { selected: true, position: { x: 8, y: 8 } });
    const copied = await copiedSince();

    expect(sentUrls().toSorted()).toEqual([from('anchor'), from('written-1'), from('written-2')]);
    const short = await shortLinks();
    // "our guide" comes twice: the link is the second (the page counts the first), not the first one found.
    expect(copied).toBe(`Three links: our guide's docs at ${short.get(from('written-1'))}, our guide (${short.get(from('anchor'))}), and ${short.get(from('written-2'))}.`);
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Short link copied' });
    expect((await session.history()).map((entry) => entry.via)).toEqual(['menu-selection', 'menu-selection', 'menu-selection']);
  });

  it('in rich text keeps each link a link, and gives again from history what it made before, with no request', async () => {
    await session.configure({ copyFormat: 'markdown' });
    const text = `See ${from('md-1')} and ${from('md-2')}, twice: ${from('md-1')}`;
    await chooseInMenu(session, writing, await paragraphOnPage(writing, text), { selected: true });
    const copied = await copiedSince();
    const short = await shortLinks();
    expect(copied).toBe(`See ${short.get(from('md-1'))} and ${short.get(from('md-2'))}, twice: ${short.get(from('md-1'))}`);
    expect(sentUrls()).toHaveLength(2);

    await session.configure({ copyFormat: 'rich' });
    await chooseInMenu(session, writing, await paragraphOnPage(writing, `Again: ${from('md-2')}`), { selected: true });
    expect(await copiedSince(copied)).toBe(`Again: ${short.get(from('md-2'))}`);
    expect(sentUrls()).toHaveLength(2);
  });

  it('waits out the limit for its links, the badge counting those waiting', async () => {
    const shownBefore = await badgeTitlesShown();
    // The server says "too many" once, and when to come back: one link waits for it, then all are made.
    session.standIn.setFault({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { times: 1 });
    await chooseInMenu(session, writing, await paragraphOnPage(writing, `A ${from('wait-1')} B ${from('wait-2')} C ${from('wait-3')}`), { selected: true });
    const copied = await copiedSince();
    // How many wait depends on what the gate knew of the limit: with nothing learnt yet (a worker's first request), it
    // sends one at a time and all three wait; knowing the limit, it sends all three at once and one waits.
    expect((await badgeTitlesShown()).slice(shownBefore.length)).toContainEqual(expect.stringMatching(/^Links waiting for the server's limit: [1-3]$/));
    const short = await shortLinks();
    expect(copied).toBe(`A ${short.get(from('wait-1'))} B ${short.get(from('wait-2'))} C ${short.get(from('wait-3'))}`);
  });

  it('copies what it could make, and says which links could not be made and why', async () => {
    // One refused with a 422 (the server's word), the rest made.
    session.standIn.setFault({ kind: 'status', status: 422 }, { times: 1 });
    await chooseInMenu(session, writing, await paragraphOnPage(writing, `One ${from('partial-1')} two ${from('partial-2')} three ${from('partial-3')}`), { selected: true });
    const copied = await copiedSince();
    // The one refused stays as written; the others are short links.
    expect(copied.match(new RegExp(session.shortUrlPattern().source.replace(/^\^|\$$/g, ''), 'g'))).toHaveLength(2);
    const badge = await settledBadge(session);
    expect(badge.text).toBe('!');
    expect(badge.title).toContain('2 of 3 links replaced by short links.');
    expect(badge.title).toMatch(/Not replaced \(127\.0\.0\.1:\d+\): /);
  });

  it("a link shown cut short, the rest of its address in invisible text (as Mastodon writes it), selected alone: its target's short link is copied", async () => {
    const target = from('cut-short');
    // Mastodon's markup and style for a long link: the scheme and the tail in text of no size, an ellipsis after.
    await writing.evaluate((href) => {
      const [scheme, rest] = href.split('//') as [string, string];
      const paragraph = document.createElement('p');
      paragraph.id = 'cut-short';
      paragraph.innerHTML = `<style>.invisible{font-size:0;line-height:0;display:inline-block;width:0;height:0;position:absolute}.ellipsis::after{content:"…"}</style><a href="${href}"><span class="invisible">${scheme}//</span><span class="ellipsis">${rest.slice(0, 24)}</span><span class="invisible">${rest.slice(24)}</span></a>`;
      document.body.append(paragraph);
    }, target);
    // On a link with a selection, the extension's items are in its submenu: "Shorten link", then the selection's.
    await chooseInMenu(session, writing, '#cut-short a', { selected: true, path: [1] });
    const copied = await copiedSince();
    expect(sentUrls()).toEqual([target]);
    expect(copied).toBe((await shortLinks()).get(target));
    expect((await session.history()).map((entry) => entry.via)).toEqual(['menu-selection']);
  });

  it("a selection made by hand in a web component's shadow tree: its address and its link are shortened", async () => {
    await writing.evaluate(([written, linked]) => {
      const host = document.body.appendChild(document.createElement('div'));
      host.attachShadow({ mode: 'open' }).innerHTML = `<p id="in-shadow">In a component: ${written} and <a href="${linked}">its guide</a></p>`;
    }, [from('shadow-written'), from('shadow-link')] as const);
    // Selected with a real triple-click, as a person does: Chromium's getRangeAt then gives the selection at the host, empty.
    const tripleClick = () => writing.click('#in-shadow', { clickCount: 3, position: { x: 8, y: 8 } });
    await chooseInMenu(session, writing, '#in-shadow', { prepare: tripleClick, position: { x: 8, y: 8 } });
    const copied = await copiedSince();

    expect(sentUrls().toSorted()).toEqual([from('shadow-link'), from('shadow-written')]);
    const short = await shortLinks();
    expect(copied).toBe(`In a component: ${short.get(from('shadow-written'))} and its guide (${short.get(from('shadow-link'))})`);
  });

  it('a selection with no address and no link says so, sends nothing and keeps the clipboard', async () => {
    await chooseInMenu(session, writing, await paragraphOnPage(writing, 'just some words'), { selected: true });
    expect((await settledBadge(session)).title).toContain('holds no web address and no link');
    expect(sentUrls()).toEqual([]);
    expect(await session.readClipboard()).toBe('nothing copied yet');
  });
});

describe('"Shorten the links in this field"', () => {
  it('replaces each address of a text area in place, chosen with a real right-click, as one step that a real Ctrl+Z takes back', async () => {
    const before = await writing.inputValue('#field-textarea');
    await chooseInMenu(session, writing, '#field-textarea', { beside: true });
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Links replaced in the field' });
    const short = await shortLinks();
    expect(await writing.inputValue('#field-textarea')).toBe(
      before.replace(from('field-1'), short.get(from('field-1')) ?? '?').replace(from('field-2'), short.get(from('field-2')) ?? '?').replace(from('field-3'), short.get(from('field-3')) ?? '?'),
    );
    expect((await session.history()).map((entry) => entry.via)).toEqual(['menu-field', 'menu-field', 'menu-field']);
    expect(await session.readClipboard()).toBe('nothing copied yet');

    await writing.bringToFront();
    await writing.focus('#field-textarea');
    await xdotool(display, 'key', '--clearmodifiers', 'ctrl+z');
    await expect.poll(() => writing.inputValue('#field-textarea')).toBe(before);
  });

  it('replaces the addresses of an editable block around its markup, a linked one\'s target too, each text one step that Ctrl+Z takes back', async () => {
    const before = await writing.innerHTML('#field-editable');
    await chooseInMenu(session, writing, '#field-editable', { beside: true });
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Links replaced in the field' });
    const short = await shortLinks();
    const [first, second] = [short.get(from('editable-1')) ?? '?', short.get(from('editable-2')) ?? '?'];
    // The first address is linked to itself (as an editor links what is typed): its link now leads where its text says.
    expect(await writing.innerHTML('#field-editable')).toBe(before.replaceAll(from('editable-1'), first).replace(from('editable-2'), second));
    // Each text is changed as text, one undo step each (issue 33: its markup is never parsed again, and the browsers
    // cannot make several steps one): Ctrl+Z takes back the later text, then the earlier. The link's target is no
    // text: it stays the short link, which leads where the long address does.
    await writing.bringToFront();
    await writing.focus('#field-editable');
    await writing.keyboard.press('Control+Z');
    expect(await writing.innerHTML('#field-editable')).toBe(before.replaceAll(from('editable-1'), first));
    await writing.keyboard.press('Control+Z');
    expect(await writing.innerHTML('#field-editable')).toBe(before.replace(`href="${from('editable-1')}"`, `href="${first}"`));
  });

  it('keeps what the user typed while the links waited, and replaces only the addresses still as they were', async () => {
    await writing.fill('#field-textarea', `One ${from('edit-1')} two ${from('edit-2')} end`);
    // The first request held as long as the typing below takes: the field waits for all its links. A queue that has
    // not heard this server yet sends one at a time (this test first in the file, with seed 40406: a second held
    // request was never sent, nor released); one that has sends both, and the second is answered at once.
    await holdNextAnswer(session);
    await chooseInMenu(session, writing, '#field-textarea', { beside: true });
    await expect.poll(() => session.standIn.apiRequests().length).toBeGreaterThanOrEqual(1);
    // Meanwhile the user changes the first address and types at the end.
    await writing.bringToFront();
    const typed = await writing.evaluate(() => {
      const area = document.querySelector<HTMLTextAreaElement>('#field-textarea') as HTMLTextAreaElement;
      area.focus();
      area.setSelectionRange(area.value.length, area.value.length);
      return area.value;
    });
    await writing.keyboard.type(' and more');
    await writing.evaluate(() => {
      const area = document.querySelector<HTMLTextAreaElement>('#field-textarea') as HTMLTextAreaElement;
      const caret = area.selectionStart;
      area.setRangeText('/changed', area.value.indexOf(' two'), area.value.indexOf(' two'));
      area.setSelectionRange(caret + 8, caret + 8);
    });
    await releaseHeldAnswer(session);
    await expect.poll(async () => (await shortLinks()).size).toBe(2);
    const short = await shortLinks();
    expect(typed).toBe(`One ${from('edit-1')} two ${from('edit-2')} end`);
    await expect.poll(() => writing.inputValue('#field-textarea')).toBe(`One ${from('edit-1')}/changed two ${short.get(from('edit-2'))} end and more`);
    // The caret stays at the end, where the user was typing.
    expect(await writing.evaluate(() => (document.querySelector('#field-textarea') as HTMLTextAreaElement).selectionStart)).toBe((await writing.inputValue('#field-textarea')).length);
  });

  it('in an editable block, shortens an address at the end of its line, and leaves whole one split by markup', async () => {
    await writing.evaluate(
      ([ended, split]) => {
        (document.querySelector('#field-editable') as HTMLElement).innerHTML = `<div>${ended}</div><div>Thanks, Bob</div><div>${split}<b>path</b></div>`;
      },
      [from('line-end'), from('split-')],
    );
    await chooseInMenu(session, writing, '#field-editable', { beside: true });
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Links replaced in the field' });
    const short = await shortLinks();
    expect(await writing.innerHTML('#field-editable')).toBe(`<div>${short.get(from('line-end'))}</div><div>Thanks, Bob</div><div>${from('split-')}<b>path</b></div>`);
    expect(sentUrls()).toEqual([from('line-end')]);
  });

  it('in an editable block, keeps the caret where the user typed meanwhile, before the address', async () => {
    await writing.evaluate((text) => {
      (document.querySelector('#field-editable') as HTMLElement).textContent = text;
    }, `Intro ${from('caret-1')}`);
    await holdNextAnswer(session);
    await chooseInMenu(session, writing, '#field-editable', { beside: true });
    await expect.poll(() => session.standIn.apiRequests().length).toBe(1);
    // Meanwhile the user types after "Intro".
    await writing.bringToFront();
    await writing.evaluate(() => {
      const field = document.querySelector('#field-editable') as HTMLElement;
      field.focus();
      getSelection()?.collapse(field.firstChild, 'Intro'.length);
    });
    await writing.keyboard.type(' more');
    await releaseHeldAnswer(session);
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Links replaced in the field' });
    // The next key lands where the user was typing, not after the short link.
    await writing.keyboard.type('!');
    const short = await shortLinks();
    expect(await writing.textContent('#field-editable')).toBe(`Intro more! ${short.get(from('caret-1'))}`);
  });

  it('refuses a field with more links than can wait at once in the session storage, saying how many would fit: nothing is sent', async () => {
    // Just under the 200,000 characters a field may hold, of the shortest addresses: some 12,000 links, a 5 MB journal.
    const addresses: string[] = [];
    for (let length = 0; length < 199_000; length += addresses.at(-1)?.length ?? 0) addresses.push(`https://a.io/${addresses.length} `);
    await writing.fill('#field-textarea', addresses.join(''));
    await chooseInMenu(session, writing, '#field-textarea', { beside: true });
    const { title } = await settledBadge(session);
    const most = Number(/there is room for ([\d,]+) now/.exec(title)?.[1]?.replaceAll(',', '') ?? Number.NaN);
    expect(most).toBeGreaterThan(1_000);
    expect(title).toContain(
      `Nothing was sent: these ${addresses.length.toLocaleString('en')} links are more than Shrtnr can keep waiting at once (there is room for ${most.toLocaleString('en')} now).`,
    );
    expect(sentUrls()).toEqual([]);
  });

  it('says so of a field with no address, and of one it may not change (a password field); a read-only one is offered no field item, and stays as it was', async () => {
    await writing.fill('#field-textarea', 'no links here');
    await chooseInMenu(session, writing, '#field-textarea', { beside: true });
    expect(await settledBadge(session)).toEqual({ text: '!', title: 'This field holds no web address to shorten. Addresses start with https:// or http://.' });
    await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
    await writing.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<input id="secret" type="password" value="https://example.com/x">'));
    await chooseInMenu(session, writing, '#secret', { beside: true });
    expect((await settledBadge(session)).title).toBe('Shrtnr cannot change this field: it only changes text areas, text inputs and editable text, on pages the browser lets it read.');
    expect(await writing.inputValue('#secret')).toBe('https://example.com/x');
    expect(sentUrls()).toEqual([]);

    // Chromium's menu on a read-only text area is the page's: its one item shortens the page, and the field is left.
    await writing.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<textarea id="read-only" readonly>https://example.com/y</textarea>'));
    await chooseInMenu(session, writing, '#read-only', { beside: true });
    expect(await copiedSince()).toMatch(session.shortUrlPattern());
    expect(sentUrls()).toEqual([writing.url()]);
    expect(await writing.inputValue('#read-only')).toBe('https://example.com/y');
  });
});

describe('the address bar keyword', () => {
  it('"sh", a space, a link and Enter, typed for real, shorten and copy the link', async () => {
    const link = from('omnibox');
    await inFrontForKeys(writing, display);
    await typedInAddressBar(session, display, link);
    await xdotool(display, 'key', 'Return');

    await expect.poll(() => session.readClipboard()).toMatch(session.shortUrlPattern());
    expect(sentUrls()).toEqual([link]);
    expect(await session.history()).toEqual([expect.objectContaining({ longUrl: link, via: 'omnibox' })]);
    expect(await settledBadge(session)).toEqual({ text: '✓', title: 'Short link copied' });
  });

  it('suggests the links of history that match the words typed for real, and entering one copies it; words that match none say so', async () => {
    const shortUrl = await madeEarlier('Garden1', 'kept-for-the-keyword', 'A guide to gardening');
    const imported = { shortUrl: 'https://planted.example/x', longUrl: from('planted-guide'), server: session.standIn.baseUrl, title: 'A guide to gardening, from a file', createdAt: Date.now(), via: 'menu-link', origin: 'imported' };
    await (await session.worker()).evaluate((entry) => (globalThis as unknown as { shrtnrE2e: { history(): { merge(entries: unknown[]): Promise<unknown> } } }).shrtnrE2e.history().merge([entry]), imported);

    // Typed in any case, words in any order: the first suggestion below the line typed, chosen with Down and Enter.
    const words = 'GUIDE garden';
    expect(await suggestionChosen(words, 1)).toBe(shortUrl);
    // Made here only (never a file's), its short link the suggestion, its title beside it, as Chrome's markup.
    expect((await omniboxShown(session, 'omnibox-suggestion', words)).at(-1)).toBe(`<url>${shortUrl}</url> <dim>A guide to gardening</dim>`);
    expect(new Set(await omniboxShown(session, 'omnibox-suggestion', words))).toEqual(new Set([`<url>${shortUrl}</url> <dim>A guide to gardening</dim>`]));
    expect(sentUrls()).toEqual([]);

    await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
    await inFrontForKeys(writing, display);
    const linesBefore = (await omniboxShown(session, 'omnibox', 'no such words')).length;
    await typedInAddressBar(session, display, 'no such words', async () => (await omniboxShown(session, 'omnibox', 'no such words')).length > linesBefore);
    await xdotool(display, 'key', 'Return');
    expect((await settledBadge(session)).title).toContain('No short link in your history matches these words.');
    expect(await session.readClipboard()).toBe(shortUrl);
    expect(sentUrls()).toEqual([]);
  });

  it('a page titled with characters XML forbids wipes out none of the suggestions: the last is chosen with real keys, and copied', async () => {
    const oldest = await madeEarlier('Oldest1', 'garden-oldest', 'An old guide to gardening');
    // The hostile page through the real popup: its title as the browser gives it, into history.
    const hostile = await session.openTab(HOSTILE_TITLE_PATH);
    const popup = await session.browser.openPopup(hostile);
    await expect.poll(() => popup.getByTestId('short-url').inputValue()).toMatch(session.shortUrlPattern());
    await popup.close();
    await hostile.close();
    const newest = await madeEarlier('Newest1', 'garden-newest', 'A new guide to gardening');
    const hostileLink = (await session.history())[1]?.shortUrl ?? '';
    await session.setClipboard('nothing copied yet');

    // Chrome parses a batch of suggestions as one XML document: one forbidden character and it shows none of them.
    // The first line is what was typed; the suggestions below it, newest first: the third is the oldest link.
    const words = 'gardening';
    expect(await suggestionChosen(words, 3)).toBe(oldest);

    expect((await omniboxShown(session, 'omnibox-suggestion', words)).slice(-3)).toEqual([
      `<url>${newest}</url> <dim>A new guide to gardening</dim>`,
      `<url>${hostileLink}</url> <dim>A hostile guide to gardening</dim>`,
      `<url>${oldest}</url> <dim>An old guide to gardening</dim>`,
    ]);
    // Stripped on the way in, too: history keeps the title without them.
    expect((await session.history()).map((entry) => entry.title)).toEqual(['A new guide to gardening', 'A hostile guide to gardening', 'An old guide to gardening']);
    expect(sentUrls()).toEqual([`${session.standIn.baseUrl}${HOSTILE_TITLE_PATH}`]);
  });
});

