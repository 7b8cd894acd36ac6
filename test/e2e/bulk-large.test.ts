// A "Shorten all tabs" run of a thousand tabs as the popup shows it (issue
// 24), in Chromium. The run is written to storage.session as the worker keeps
// one, ended, and the worker stopped, so the next worker reads it as it would
// after a restart: the list is tested at a thousand rows without a thousand
// tabs to open (the bench and the soak run real ones: scripts/lib/scale-bench.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { wordsIn } from '../support/locale-catalogue';

const { t } = wordsIn('en');
const TABS = 1_000;
let session: E2eSession;

beforeAll(async () => {
  session = await startE2eSession();
  await session.useStandIn();
  await session.configure({ autoCopy: false });
});
afterAll(() => session?.close());

it(`a run of ${TABS} tabs: the popup renders only the rows in view, scrolls to every one numbered in place, and copies all ${TABS} links`, async () => {
  const tab = await session.openTab('/demo/article');
  const base = session.standIn.baseUrl;
  const shortUrl = (index: number) => `${base}/t${index}`;
  const worker = await session.worker();
  await worker.evaluate(
    async ({ origin, count }) => {
      const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      const items = Array.from({ length: count }, (_, index) => ({
        url: `${origin}/demo/destination?tab=${index}`,
        title: `Tab ${index + 1}`,
        status: { state: 'done', shortUrl: `${origin}/t${index}`, longUrl: `${origin}/demo/destination?tab=${index}`, fromHistory: false },
      }));
      await chrome.storage.session.set({ 'bulk-runs': [{ id: 'a-thousand', windowId: active?.windowId, startedAt: Date.now(), private: false, items }] });
    },
    { origin: base, count: TABS },
  );
  await session.browser.stopServiceWorkers();

  const popup = await session.browser.openPopup(tab);
  await expect.poll(() => popup.getByTestId('bulk-summary').textContent()).toBe(t('bulkSummaryMade', TABS, TABS));
  const list = popup.getByRole('list', { name: t('bulkHeading') });
  const rows = list.getByTestId('bulk-item');
  // The rows in view and a few more, each saying its place in the whole.
  expect(await rows.count()).toBeLessThan(40);
  expect(await rows.first().getAttribute('aria-posinset')).toBe('1');
  expect(await rows.first().getAttribute('aria-setsize')).toBe(String(TABS));
  expect(await rows.first().textContent()).toBe(`Tab 1${shortUrl(0)}`);

  // Half-way, then the end: the rows there, numbered from the list's start as in the whole.
  for (const place of [TABS / 2, TABS]) {
    await list.evaluate((element, top) => {
      element.scrollTop = top;
    }, place === TABS ? 1e9 : Math.round((place - 1) * (await rows.first().evaluate((row) => (row as HTMLElement).offsetHeight))));
    const row = list.locator(`[aria-posinset="${place}"]`);
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toBe(`Tab ${place}${shortUrl(place - 1)}`);
    const first = Number(await rows.first().getAttribute('aria-posinset'));
    expect(await list.getAttribute('start')).toBe(String(first));
    expect(await rows.count()).toBeLessThan(40);
  }
  expect(await axeViolations(popup)).toEqual([]);

  // The copy holds every link, not the rows on screen.
  await popup.getByRole('button', { name: t('bulkCopyLines') }).click();
  await expect.poll(() => popup.getByTestId('bulk-copy-status').textContent()).toBe(t('bulkCopied', TABS));
  expect(await session.readClipboard()).toBe(`${Array.from({ length: TABS }, (_, index) => shortUrl(index)).join('\n')}\n`);
});
