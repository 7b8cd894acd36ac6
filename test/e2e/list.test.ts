// "Shorten a list" (issue 36, item 2) in Chromium, against a stand-in allowing
// 25 requests per 1-second window (a few seconds for 200 addresses, not
// minutes): a list pasted for real (Ctrl+V into the page's field), checked,
// sent, the worker stopped twice on the way, and its table, copy and CSV
// download read back.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/list/main.tsx,
// src/list/extension-connector.ts.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { delimitedRows } from '../../src/list/delimited-text';
import { axeViolationsLightAndDark } from '../support/axe';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { wordsIn } from '../support/locale-catalogue';
import { TIMING_MARKS } from '../../src/platform/timing';

const { t } = wordsIn('en');
const LIMIT = 25;
const WINDOW_MS = 1_000;
let session: E2eSession;
let base: string;

beforeAll(async () => {
  session = await startE2eSession({ standIn: { rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } } });
  base = session.standIn.baseUrl;
  await session.useStandIn();
  await session.configure({ autoCopy: false });
});
afterAll(() => session?.close());
// Each test counts the history it made: one that ran before (shuffled, either may) leaves its list's links there.
beforeEach(({ onTestFailed }) => {
  // A test that fails half-way leaves its run on the list page, where the next test would find no field.
  onTestFailed(() => leaveNoListRun());
  return session.clearHistory();
});

const address = (n: number) => `${base}/demo/destination?list=${n}`;
/** What the popup's checks refuse, each for its own reason. */
const INVALID = ['not a link', 'ftp://files.example/report', 'javascript:alert(1)', 'https://user:secret@example.com/', `https://example.com/${'x'.repeat(2_100)}`, 'localhost:8080/x', 'mailto:someone@example.com', 'www.example.com/page'];
const IN_HISTORY = [0, 1, 2];
const FRESH = 179;
const REPEATED = 10;

/**
 * 200 addresses, in this order: three history holds, 179 new ones with ten
 * of them given again (one with its scheme in capitals), the eight invalid
 * ones among them, and blank lines and spaces that are no address.
 */
function theList(): { lines: string[]; text: string } {
  const lines: string[] = [];
  for (let n = 0; n < IN_HISTORY.length + FRESH; n += 1) {
    lines.push(address(n));
    const invalid = n % 20 === 10 ? INVALID[(n - 10) / 20] : undefined;
    if (invalid !== undefined) lines.push(invalid);
  }
  // The first given again in capitals: the same address once prepared as sent.
  for (let n = 0; n < REPEATED; n += 1) lines.push(n === 0 ? address(50).replace('https://', 'HTTPS://') : address(60 + n));
  return { lines, text: lines.map((line, index) => (index % 40 === 0 ? `  ${line}  \n\n` : `${line}\r\n`)).join('') };
}

/** The list page, once it knows there is no list run. */
async function listPage(): Promise<Page> {
  const page = await session.openTab(session.browser.extensionUrl('src/list/index.html'));
  await page.getByRole('textbox', { name: t('listPasteLabel') }).waitFor();
  return page;
}

/** Cancels a run still going and dismisses one that ended, as a user would, so the page opens on an empty field. */
async function leaveNoListRun(): Promise<void> {
  const page = await session.openTab(session.browser.extensionUrl('src/list/index.html'));
  const [field, running, ended] = [page.getByRole('textbox', { name: t('listPasteLabel') }), page.getByRole('heading', { name: t('listRunHeading') }), page.getByRole('heading', { name: t('listDoneHeading') })];
  await field.or(running).or(ended).waitFor();
  if (await running.isVisible()) await page.getByRole('button', { name: t('bulkCancel') }).click();
  if (!(await field.isVisible())) {
    await ended.waitFor();
    await page.getByRole('button', { name: t('listNew') }).click();
    await field.waitFor();
  }
  await page.close();
}

/** The list page with `text` pasted for real: put on the clipboard, then Ctrl+V in its field. */
async function listPageWithPasted(text: string): Promise<Page> {
  await session.setClipboard(text);
  const page = await listPage();
  await page.getByRole('textbox', { name: t('listPasteLabel') }).click();
  await page.keyboard.press('Control+V');
  return page;
}

const progressMade = async (page: Page) => Number((await page.getByTestId('list-progress').textContent().catch(() => ''))?.match(/Short links: (\d+)/)?.[1] ?? 0);
/** Each address asked for more than once, when (ms after the first request) and what the throttle said; and when the worker was stopped. */
function requestedMoreThanOnce(stoppedAt: readonly number[]): string {
  const requests = session.standIn.apiRequests();
  const start = requests[0]?.at ?? 0;
  const byUrl = new Map<string, string[]>();
  for (const request of requests) {
    const url = (JSON.parse(request.body) as { url: string }).url;
    byUrl.set(url, [...(byUrl.get(url) ?? []), `${request.at - start} ms ${request.throttle?.verdict ?? 'not throttled'}`]);
  }
  const repeated = [...byUrl].filter(([, asked]) => asked.length > 1).map(([url, asked]) => `${url}: ${asked.join(', ')}`);
  return `worker stopped at ${stoppedAt.map((at) => `${at - start} ms`).join(' and ')}; asked more than once:\n${repeated.join('\n')}`;
}
const requestedLongUrls = () => session.standIn.apiRequests().map((request) => (JSON.parse(request.body) as { url: string }).url);

describe('shorten a list in Chromium', () => {
  it('200 pasted addresses, repeated, invalid and some in history: each valid one shortened once with the worker stopped twice, the table right, its CSV download the same', async () => {
    // Three of the list's addresses in history already: made by the popup, for real, on their pages.
    for (const n of IN_HISTORY) {
      const tab = await session.openTab(address(n));
      const popup = await session.browser.openPopup(tab);
      await popup.getByTestId('short-url').waitFor();
      await popup.close();
      await tab.close();
    }
    session.standIn.clearLog();
    session.standIn.resetRateLimits();

    const { lines, text } = theList();
    expect(lines).toHaveLength(200);
    // Each line's own number in what is pasted, blank lines counted, as an editor or a sheet numbers rows.
    const places = text.split(/\r\n|\n/).flatMap((line, index) => (line.trim() === '' ? [] : [index + 1]));
    expect(places).toHaveLength(200);
    const page = await listPageWithPasted(text);
    const field = page.getByRole('textbox', { name: t('listPasteLabel') });
    // A text area holds its line breaks as line feeds.
    await expect.poll(() => field.inputValue()).toBe(text.replaceAll('\r\n', '\n'));

    await page.getByRole('button', { name: t('listCheck') }).click();
    const counts = page.getByTestId('plan-counts').getByRole('listitem');
    await expect.poll(() => counts.allTextContents()).toEqual([
      t('listPlanAddresses', 200),
      t('listPlanFresh', FRESH),
      t('listPlanInHistory', IN_HISTORY.length),
      t('listPlanDuplicates', REPEATED),
      t('listPlanInvalid', INVALID.length),
    ]);
    // Each invalid address by its place, as given, and why: the popup's own sentence for it.
    const invalid = await page.getByTestId('invalid-address').allTextContents();
    expect(invalid[0]).toBe(`${t('listRow', places[lines.indexOf(INVALID[0] ?? '')] ?? 0)} not a link ${t('errorMalformedUrl')}`);
    expect(invalid[3]).toBe(`${t('listRow', places[lines.indexOf(INVALID[3] ?? '')] ?? 0)} https://user:secret@example.com/ ${t('errorCredentialsInUrl')}`);
    expect(await page.getByTestId('plan-time').textContent()).toMatch(/^At [\d,]+ a minute, the server's limit, the new links take about \d+ seconds\.$/);
    expect(await axeViolationsLightAndDark(page)).toEqual([]);
    expect(session.standIn.apiRequests()).toEqual([]);

    await page.getByRole('button', { name: t('listSend') }).click();
    await page.getByRole('heading', { name: t('listRunHeading') }).waitFor();
    expect(await axeViolationsLightAndDark(page)).toEqual([]);
    // Stopped twice on the way: the page's port closes with the worker, connects again, and that starts the next.
    const stoppedAt: number[] = [];
    await expect.poll(() => progressMade(page)).toBeGreaterThanOrEqual(50);
    stoppedAt.push(Date.now());
    await session.browser.stopServiceWorkers();
    await expect.poll(() => progressMade(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(120);
    stoppedAt.push(Date.now());
    await session.browser.stopServiceWorkers();
    await page.getByRole('heading', { name: t('listDoneHeading') }).waitFor({ timeout: 30_000 });

    // The table: every address in order, as given (trimmed), its short link and what came of it.
    const rows = await page.getByTestId('list-row').evaluateAll((found) =>
      found.map((row) => ({ status: row.getAttribute('data-status'), cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '') })),
    );
    expect(rows.map((row) => row.cells[1])).toEqual(lines.map((line) => line.trim()));
    expect(rows.map((row) => Number(row.cells[0]))).toEqual(places);
    const history = await session.history();
    const shortOf = (longUrl: string) => history.find((entry) => entry.longUrl === longUrl)?.shortUrl;
    const asSent = (line: string) => (INVALID.includes(line) ? line : new URL(line).href);
    const expected = lines.map((line, index) => {
      if (INVALID.includes(line)) return 'invalid';
      if (lines.slice(0, index).some((earlier) => asSent(earlier) === asSent(line))) return 'repeated';
      return IN_HISTORY.some((n) => address(n) === line) ? 'history' : 'new';
    });
    expect(expected.filter((status) => status === 'repeated')).toHaveLength(REPEATED);
    expect(rows.map((row) => row.status)).toEqual(expected);
    for (const [index, row] of rows.entries()) {
      const line = lines[index] ?? '';
      expect(row.cells[2], line).toBe(expected[index] === 'invalid' ? '' : shortOf(asSent(line)));
    }
    expect(await page.getByTestId('list-summary').textContent()).toBe(`${t('bulkSummaryMade', FRESH + IN_HISTORY.length, 182)} · ${t('bulkSummarySkipped', REPEATED + INVALID.length)}`);

    // Each valid address shortened once: one link each in history (the list's own marked so), every new one asked
    // for, none refused; a request cut off by a stop may have gone twice (at most four in flight at each).
    const valid = [...new Set(lines.filter((line) => !INVALID.includes(line)).map(asSent))];
    expect(valid).toHaveLength(FRESH + IN_HISTORY.length);
    expect(history.filter((entry) => valid.includes(entry.longUrl)).map((entry) => entry.longUrl).toSorted()).toEqual(valid.toSorted());
    expect(history.filter((entry) => entry.via === 'list')).toHaveLength(FRESH);
    const requested = requestedLongUrls();
    expect(new Set(requested)).toEqual(new Set(valid.filter((longUrl) => !IN_HISTORY.some((n) => address(n) === longUrl))));
    expect(requested.length, requestedMoreThanOnce(stoppedAt)).toBeLessThanOrEqual(FRESH + 8);
    for (const window of session.standIn.rateLimitWindows()) expect(window.refused, `window ${window.window.id}`).toBe(0);
    expect(await axeViolationsLightAndDark(page)).toEqual([]);

    // Copied as lines: a short link a row, an empty line where none was made and for each blank line of the list,
    // so that pasted beside it they line up.
    await page.getByRole('button', { name: t('bulkCopyLines') }).click();
    await expect.poll(() => page.getByTestId('list-copy-status').textContent()).toBe(t('listCopied', 200));
    const copied = (await session.readClipboard()).split('\n');
    expect(copied.at(-1)).toBe('');
    expect(rows.map((row, index) => copied[(places[index] ?? 0) - 1])).toEqual(rows.map((row) => row.cells[2]));
    expect(copied).toHaveLength((places.at(-1) ?? 0) + 1);
    const gaps = copied.slice(0, -1).filter((_, index) => !places.includes(index + 1));
    expect(gaps.length).toBeGreaterThan(0);
    expect(gaps).toEqual(gaps.map(() => ''));

    // Downloaded as CSV, it reads back as the table: each row's place, address, short link and status.
    await page.bringToFront();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('listDownloadCsv') }).click()]);
    expect(download.suggestedFilename()).toMatch(/^shrtnr-list-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = delimitedRows(csv.slice(1), ',').map(({ cells }) => cells);
    expect(header).toEqual(['row', 'long_url', 'short_url', 'status', 'detail']);
    expect(records.map(([place, longUrl, shortUrl, status]) => [place, longUrl, shortUrl, status])).toEqual(rows.map((row) => [row.cells[0], row.cells[1], row.cells[2], row.status]));

    // New list: the run is forgotten, the field is back, empty.
    await page.getByRole('button', { name: t('listNew') }).click();
    await expect.poll(() => page.getByRole('textbox', { name: t('listPasteLabel') }).inputValue()).toBe('');
    await page.close();
  });

  it('cells pasted from a spreadsheet: their column of addresses offered and chosen with the keyboard, its links sent, each row named as the sheet numbers it', async () => {
    session.standIn.clearLog();
    // Three columns copied from a sheet with a heading: the most addresses in the last; row 3's cell empty in the one before.
    const text = `name\told\tnew\r\nA\t${address(900)}\t${address(901)}\r\nB\t\t${address(904)}\r\nC\t${address(902)}\t${address(903)}\r\n`;
    const page = await listPageWithPasted(text);
    const column = page.getByRole('combobox', { name: t('listColumnLabel') });
    await expect.poll(() => column.count()).toBe(1);
    expect(await column.inputValue()).toBe('2');
    expect(await column.locator('option').allTextContents()).toEqual(['name', 'old', 'new']);
    // The old addresses instead, with the keys: the column before.
    await column.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => column.inputValue()).toBe('1');
    await page.getByRole('button', { name: t('listCheck') }).click();
    await page.getByRole('button', { name: t('listSend') }).click();
    await page.getByRole('heading', { name: t('listDoneHeading') }).waitFor({ timeout: 30_000 });
    expect(requestedLongUrls().toSorted()).toEqual([address(900), address(902)]);
    // Rows 2 and 4 of the sheet (the heading is row 1, row 3's cell is empty): its lines, pasted at row 2, line up.
    expect(await page.getByTestId('list-row').evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent))).toEqual(['2', '4']);
    await page.getByRole('button', { name: t('bulkCopyLines') }).click();
    await expect.poll(() => page.getByTestId('list-copy-status').textContent()).toBe(t('listCopied', 2));
    expect((await session.readClipboard()).split('\n')).toEqual([expect.stringMatching(session.shortUrlPattern()), '', expect.stringMatching(session.shortUrlPattern()), '']);
    await page.getByRole('button', { name: t('listNew') }).click();
    await page.getByRole('textbox', { name: t('listPasteLabel') }).waitFor();
    await page.close();
  });

  it("two list pages: a list sent from one leaves the other's pasted list as it was, shown again once the run is closed, and sent as it was", async () => {
    session.standIn.clearLog();
    session.standIn.resetRateLimits();
    const mine = `${address(960)}\n${address(961)}\n`;
    const first = await listPageWithPasted(mine);
    const firstField = first.getByRole('textbox', { name: t('listPasteLabel') });
    await expect.poll(() => firstField.inputValue()).toBe(mine);
    const second = await listPageWithPasted(`${address(962)}\n`);
    await second.getByRole('button', { name: t('listCheck') }).click();
    await second.getByRole('button', { name: t('listSend') }).click();
    await second.getByRole('heading', { name: t('listDoneHeading') }).waitFor({ timeout: 30_000 });
    // The first page follows the run too, and says its own list waits for it.
    await first.getByRole('heading', { name: t('listDoneHeading') }).waitFor();
    expect(await first.getByTestId('list-kept').textContent()).toBe(t('listOwnKept'));
    await second.getByRole('button', { name: t('listNew') }).click();
    const secondField = second.getByRole('textbox', { name: t('listPasteLabel') });
    await secondField.waitFor();
    expect(await secondField.inputValue()).toBe('');
    await firstField.waitFor();
    expect(await firstField.inputValue()).toBe(mine);
    await first.getByRole('button', { name: t('listCheck') }).click();
    await first.getByRole('button', { name: t('listSend') }).click();
    await first.getByRole('heading', { name: t('listDoneHeading') }).waitFor({ timeout: 30_000 });
    expect(requestedLongUrls().toSorted()).toEqual([address(960), address(961), address(962)]);
    await first.getByRole('button', { name: t('listNew') }).click();
    await firstField.waitFor();
    await Promise.all([first.close(), second.close()]);
  });

  it('a list whose server gives no answer says it waits for the network, then ends once the server answers, each link made once', async () => {
    session.standIn.clearLog();
    session.standIn.resetRateLimits();
    const lines = [address(950), address(951), address(952)];
    const page = await listPageWithPasted(`${lines.join('\n')}\n`);
    await page.getByRole('button', { name: t('listCheck') }).click();
    // Every connection dropped: no answer at all, as when offline or the server is down.
    session.standIn.setFault({ kind: 'drop-connection' });
    onTestFinished(() => session.standIn.setFault(null));
    await page.getByRole('button', { name: t('listSend') }).click();
    await expect.poll(() => page.getByTestId('list-time').textContent()).toBe(t('popupWaitingForNetwork'));
    await expect.poll(() => session.standIn.apiRequests().length).toBeGreaterThanOrEqual(2);
    session.standIn.setFault(null);
    await page.getByRole('heading', { name: t('listDoneHeading') }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('list-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')))).toEqual(['new', 'new', 'new']);
    // Tries dropped before the server counted them: one link, one credit each.
    expect(session.standIn.apiRequests().filter((request) => request.throttle?.verdict === 'allowed').map((request) => (JSON.parse(request.body) as { url: string }).url).toSorted()).toEqual(lines);
    await page.getByRole('button', { name: t('listNew') }).click();
    await page.getByRole('textbox', { name: t('listPasteLabel') }).waitFor();
    await page.close();
  });

  it('paused, then Go on with the token cleared meanwhile: refused, saying why, the list kept paused; with the token back, it goes on to its end', async () => {
    session.standIn.clearLog();
    session.standIn.resetRateLimits();
    onTestFinished(() => session.configure({ token: session.standIn.demoToken }));
    const lines = Array.from({ length: 10 * LIMIT }, (_, n) => `${base}/demo/destination?paused=${n}`);
    const page = await listPageWithPasted(`${lines.join('\n')}\n`);
    await page.getByRole('button', { name: t('listCheck') }).click();
    await page.getByRole('button', { name: t('listSend') }).click();
    await page.getByRole('button', { name: t('listPause') }).click();
    await expect.poll(() => page.getByTestId('list-time').textContent()).toBe(t('listPaused'));
    await session.configure({ token: undefined });
    await page.getByRole('button', { name: t('listResume') }).click();
    await expect.poll(() => page.getByTestId('list-problem').textContent()).toBe(t('errorNoToken'));
    expect(await page.getByTestId('list-time').textContent()).toBe(t('listPaused'));

    await session.configure({ token: session.standIn.demoToken });
    await page.getByRole('button', { name: t('listResume') }).click();
    await page.getByRole('heading', { name: t('listDoneHeading') }).waitFor({ timeout: 60_000 });
    expect(new Set(await page.getByTestId('list-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status'))))).toEqual(new Set(['new']));
    await page.getByRole('button', { name: t('listNew') }).click();
    await page.getByRole('textbox', { name: t('listPasteLabel') }).waitFor();
    await page.close();
  });

  it('goes on with its page closed, and is there when it opens again; a click made meanwhile goes before the list\'s links waiting', async () => {
    session.standIn.clearLog();
    session.standIn.resetRateLimits();
    // Ten windows' worth: the list still goes when the click comes.
    const lines = Array.from({ length: 10 * LIMIT }, (_, n) => `${base}/demo/destination?again=${n}`);
    const text = `${lines.join('\n')}\n`;
    const page = await listPageWithPasted(text);
    await page.getByRole('button', { name: t('listCheck') }).click();
    await page.getByRole('button', { name: t('listSend') }).click();
    await page.getByRole('heading', { name: t('listRunHeading') }).waitFor();
    await page.close();

    // The popup, for real, on a page of its own while the list waits for the server's windows.
    const tab = await session.openTab('/demo/destination?click=1');
    const popup = await session.browser.openPopup(tab);
    await popup.getByTestId('short-url').waitFor();
    // When the popup asked the worker (the click as the queue hears it), on the clock the stand-in stamps requests with:
    // how long the popup took to open, on a busy machine, is not the queue's doing.
    const askedAt = await popup.evaluate((mark) => performance.timeOrigin + (performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Number.NaN), TIMING_MARKS.popupAsked);
    expect(askedAt).toBeGreaterThan(0);
    const requests = session.standIn.apiRequests();
    const requested = requests.map((request) => (JSON.parse(request.body) as { url: string }).url);
    const clickAt = requested.indexOf(`${base}/demo/destination?click=1`);
    expect(clickAt).toBeGreaterThanOrEqual(0);
    // Sent within the window it was asked in, or first in the next: after the ask, at most the one window's links already
    // on their way reach the server before it, never the list's links in line behind them (some two hundred).
    expect(requests.slice(0, clickAt).filter((request) => request.at >= askedAt).length).toBeLessThanOrEqual(LIMIT);
    expect(requested.length).toBeLessThan(lines.length);
    await popup.close();
    await tab.close();

    // Opened again: the list where it stands, then its table.
    const again = await session.openTab(session.browser.extensionUrl('src/list/index.html'));
    await again.getByRole('heading', { name: t('listDoneHeading') }).waitFor({ timeout: 30_000 });
    expect(await again.getByTestId('list-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')))).toEqual(lines.map(() => 'new'));
    expect(new Set(requestedLongUrls())).toEqual(new Set([...lines, `${base}/demo/destination?click=1`]));
    await again.getByRole('button', { name: t('listNew') }).click();
    await again.getByRole('textbox', { name: t('listPasteLabel') }).waitFor();
    await again.close();
  });
});
