// @vitest-environment happy-dom
// Each history row's Share, against the fake connector, in English and
// Arabic: the system's sheet where the browser has one, else the menu, each
// with the row's short link and its page's title and nothing else.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import type { HistoryEntry } from '../storage/history-entry';
import { fakeHistoryConnector } from './fake-history-connector';
import { fakeHistoryStore } from './fake-history-store';
import { HistoryApp } from './history-app';

const RYE: HistoryEntry = {
  shortUrl: 'https://shrtnr.co/aB3',
  longUrl: 'https://cooking.example/bread?flour=rye&session=s3cr3t',
  server: 'https://shrtnr.co',
  title: 'Rye & Co. #1',
  createdAt: Date.UTC(2025, 2, 3, 10, 0),
  via: 'menu-link',
};
/** A page with no title of its own, which the tab named by its address: no title is shared. */
const UNTITLED: HistoryEntry = { shortUrl: 'https://shrtnr.co/Xy9', longUrl: 'https://docs.example/guide?key=42', server: 'https://shrtnr.co', title: 'docs.example/guide?key=42', createdAt: Date.UTC(2025, 2, 2, 9, 0), via: 'shortcut' };
const NEWS: HistoryEntry = { shortUrl: 'https://shrtnr.co/q1', longUrl: 'https://news.example/today', server: 'https://shrtnr.co', title: 'أخبار اليوم', createdAt: Date.UTC(2025, 2, 1, 8, 0), via: 'popup-typed' };

afterEach(cleanup);

describe.each(['en', 'ar'])('sharing from the history page in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;

  async function renderHistory() {
    const connector = fakeHistoryConnector(words, fakeHistoryStore([RYE, UNTITLED, NEWS]));
    render(<HistoryApp connector={connector} />);
    await waitFor(() => expect(screen.queryAllByTestId('history-row')).toHaveLength(3));
    return connector;
  }
  const shareButton = (entry: HistoryEntry) => screen.getByRole('button', { name: t('historyShareLabel', entry.shortUrl) });

  it("names each row's Share with its link, and opens the menu's destination with that link and title", async () => {
    const connector = await renderHistory();
    expect(shareButton(RYE).textContent).toBe(t('share'));
    expect(shareButton(RYE).getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(shareButton(RYE));
    const menu = await screen.findByRole('menu', { name: t('historyShareLabel', RYE.shortUrl) });
    // One menu, in the row of its link.
    expect(screen.getAllByRole('menu')).toEqual([menu]);
    expect(within(screen.getAllByTestId('history-row')[0] as HTMLElement).getByRole('menu')).toBe(menu);
    expect(wordsInAnotherScript(document.body, language, ['Rye', 'Co', 'docs.example/guide?key=42', 'أخبار اليوم', 'CSV', 'JSON'])).toEqual([]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: t('shareReddit') }));
    await waitFor(() => expect(connector.openShareTab.mock.calls).toEqual([['https://www.reddit.com/submit?url=https%3A%2F%2Fshrtnr.co%2FaB3&title=Rye%20%26%20Co.%20%231']]));
    // The page stays; its Share has the focus back, and nothing else was asked of the browser.
    await waitFor(() => expect(document.activeElement).toBe(shareButton(RYE)));
    expect(connector.openTab).not.toHaveBeenCalled();
    expect(connector.openShareSheet).not.toHaveBeenCalled();
  });

  it("shares a right-to-left title as it is written, and no title where the page's was its address", async () => {
    const connector = await renderHistory();
    fireEvent.click(shareButton(NEWS));
    fireEvent.click(await screen.findByRole('menuitem', { name: t('shareWhatsApp') }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(shareButton(UNTITLED));
    fireEvent.click(await screen.findByRole('menuitem', { name: t('shareEmail') }));
    await waitFor(() =>
      expect(connector.openShareTab.mock.calls).toEqual([
        ['https://wa.me/?text=%D8%A3%D8%AE%D8%A8%D8%A7%D8%B1%20%D8%A7%D9%84%D9%8A%D9%88%D9%85%0Ahttps%3A%2F%2Fshrtnr.co%2Fq1'],
        ['mailto:?body=https%3A%2F%2Fshrtnr.co%2FXy9'],
      ]),
    );
  });

  it('is walked by the keyboard in its row: Down opens it on its first item, Escape gives the focus back to that row\'s Share', async () => {
    await renderHistory();
    shareButton(UNTITLED).focus();
    fireEvent.keyDown(shareButton(UNTITLED), { key: 'ArrowDown' });
    await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe(t('shareEmail'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe(t('shareTelegram'));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(shareButton(UNTITLED));
  });

  it("opens the system's share sheet where the browser has one, with the row's link and title", async () => {
    const connector = fakeHistoryConnector(words, fakeHistoryStore([RYE, UNTITLED, NEWS]));
    connector.hasShareSheet.mockReturnValue(true);
    render(<HistoryApp connector={connector} />);
    await waitFor(() => expect(screen.queryAllByTestId('history-row')).toHaveLength(3));
    expect(shareButton(RYE).hasAttribute('aria-haspopup')).toBe(false);
    fireEvent.click(shareButton(RYE));
    fireEvent.click(shareButton(UNTITLED));
    await waitFor(() => expect(connector.openShareSheet.mock.calls).toEqual([[{ url: RYE.shortUrl, title: RYE.title }], [{ url: UNTITLED.shortUrl }]]));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(connector.openShareTab).not.toHaveBeenCalled();
  });
});
