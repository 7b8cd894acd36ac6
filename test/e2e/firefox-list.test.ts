// "Shorten a list" (issue 36, item 2) in Debian's firefox-esr over WebDriver
// BiDi, headed under Xvfb (a download is saved to a folder of the test's own):
// the page loads, a small list typed into it runs through the background page,
// and its CSV download reads back as the table.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delimitedRows } from '../../src/list/delimited-text';
import { pollUntil } from '../../tooling/poll';
import { startFirefoxSession, type FirefoxSession } from '../support/firefox-session';
import { wordsIn } from '../support/locale-catalogue';
import { clickWhenShown, textWhenShown, typeWhenShown } from '../support/puppeteer-input';

const { t } = wordsIn('en');
let session: FirefoxSession;
let downloads: string;

beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'firefox-downloads-'));
  session = await startFirefoxSession({ headed: true, downloadDir: downloads, standIn: { rateLimit: { limit: 2, windowMs: 1_000 } } });
  await session.configure({ serverUrl: session.standIn.baseUrl, token: session.standIn.demoToken });
});
afterAll(async () => {
  await session?.close();
  await rm(downloads, { recursive: true, force: true });
});

describe('shorten a list in Firefox', () => {
  it('a list typed into the page: planned, shortened past the server\'s limit, its table downloaded as CSV', async () => {
    const base = session.standIn.baseUrl;
    const lines = [`${base}/demo/destination?fx=1`, `${base}/demo/destination?fx=2`, 'not a link', `${base}/demo/destination?fx=1`, `${base}/demo/destination?fx=3`];
    const page = await session.firefox.openExtensionPage('src/list/index.html');
    await page.waitForSelector('#list-addresses');
    // Typed for real: each line, then Enter for the next.
    await typeWhenShown(page, '#list-addresses', lines.join('\n'));
    await clickWhenShown(page, `button::-p-text(${t('listCheck')})`);
    expect(await textWhenShown(page, '[data-testid="plan-counts"]')).toBe([t('listPlanAddresses', 5), t('listPlanFresh', 3), t('listPlanDuplicates', 1), t('listPlanInvalid', 1)].join(''));

    await clickWhenShown(page, `button::-p-text(${t('listSend')})`);
    const summary = await textWhenShown(page, '[data-testid="list-summary"]');
    expect(summary).toBe(`${t('bulkSummaryMade', 3, 3)} · ${t('bulkSummarySkipped', 2)}`);
    const rows = await page.$$eval('[data-testid="list-row"]', (found) => found.map((row) => [row.getAttribute('data-status') ?? '', ...[...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')]));
    expect(rows.map(([status]) => status)).toEqual(['new', 'new', 'invalid', 'repeated', 'new']);
    const shortUrls = rows.filter(([status]) => status === 'new').map((row) => row[3] ?? '');
    for (const shortUrl of shortUrls) expect(shortUrl).toMatch(session.shortUrlPattern());
    expect(new Set(shortUrls).size).toBe(3);
    expect(rows[3]?.[3]).toBe(rows[0]?.[3]);
    for (const window of session.standIn.rateLimitWindows()) expect(window.refused).toBe(0);
    expect((await session.history()).filter((entry) => entry.via === 'list')).toHaveLength(3);

    // A download starts from the tab in front.
    await page.bringToFront();
    await clickWhenShown(page, `button::-p-text(${t('listDownloadCsv')})`);
    const csv = await readFile(await downloaded(), 'utf8');
    const [header, ...records] = delimitedRows(csv.replace(/^\uFEFF/, ''), ',').map(({ cells }) => cells);
    expect(header).toEqual(['row', 'long_url', 'short_url', 'status', 'detail']);
    expect(records.map(([place, longUrl, shortUrl, status]) => [status, place, longUrl, shortUrl])).toEqual(rows.map(([status, place, longUrl, shortUrl]) => [status, place, longUrl, shortUrl]));
    await page.close();
  });
});

/** The path of the finished CSV download: Firefox puts an empty file of its name in place at once, and writes a .part beside it. */
function downloaded(): Promise<string> {
  return pollUntil(
    async () => {
      const names = await readdir(downloads);
      const name = names.find((candidate) => /^shrtnr-list-\d{4}-\d{2}-\d{2}\.csv$/.test(candidate));
      if (name === undefined || names.some((other) => other.endsWith('.part'))) return undefined;
      const path = join(downloads, name);
      return (await stat(path)).size > 0 ? path : undefined;
    },
    { timeoutMs: 30_000, failure: () => `No list download finished in ${downloads}.` },
  );
}
