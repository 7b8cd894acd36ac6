// @vitest-environment happy-dom
// The history page as a person uses it, in English and Arabic, against a fake
// connector whose store keeps history in memory and, like the real one, tells
// the page of every change (its own included): each state's words (the real
// ones, from public/_locales) and each control's effect on the store.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/support/deferred';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import type { MessageKey } from '../platform/words';
import type { Account } from '../storage/accounts';
import type { HistoryEntry } from '../storage/history-entry';
import { FakeQrPanel, FIRST_ACCOUNT, fakeHistoryConnector } from './fake-history-connector';
import { fakeHistoryStore } from './fake-history-store';
import { historyCsv } from './export-file';
import { FIRST_SCREEN, HistoryApp, PAGE_SIZE } from './history-app';
import type { HistorySettings, QrPanelComponent } from './history-connector';
import { UNDO_MS } from './status-bar';

const RYE: HistoryEntry = {
  shortUrl: 'https://shrtnr.co/aB3',
  longUrl: 'https://cooking.example/bread?flour=rye',
  server: 'https://shrtnr.co',
  title: 'Rye Bread',
  createdAt: Date.UTC(2025, 2, 3, 10, 0),
  via: 'menu-link',
  used: 1,
};
const DOCS: HistoryEntry = { shortUrl: 'https://shrtnr.co/Xy9', longUrl: 'https://docs.example/guide/start', server: 'https://shrtnr.co', createdAt: Date.UTC(2025, 2, 2, 9, 0), via: 'shortcut' };
const NEWS: HistoryEntry = { shortUrl: 'https://shrtnr.co/q1', longUrl: 'https://news.example/today', server: 'https://shrtnr.co', title: 'أخبار اليوم', createdAt: Date.UTC(2025, 2, 1, 8, 0), via: 'popup-typed' };
/** What an import makes of an entry: the same, marked imported. */
const imported = (entry: HistoryEntry): HistoryEntry => ({ ...entry, origin: 'imported' });
/** Newer than all three, as from another machine. */
const LATER: HistoryEntry = { shortUrl: 'https://shrtnr.co/L8r', longUrl: 'https://later.example/', server: 'https://shrtnr.co', title: 'Later', createdAt: Date.UTC(2025, 2, 4, 12, 0), via: 'popup-tab' };
/** Newest first, as the page must show them. */
const THREE = [RYE, DOCS, NEWS];
/** Titles, hosts and format names, as the user or the page wrote them: in their own script in every language. */
const NAMES = ['Firefox', 'Rye Bread', 'docs.example/guide/start', 'Garden Tips', 'Later', 'CSV', 'JSON', 'old.example:8443', 'shrtnr.co', 'Home', 'Work', 'Spare', 'bread', 'youtu.be', 'أخبار اليوم'];

/** `count` entries made a minute apart, newest first. */
function manyEntries(count: number): HistoryEntry[] {
  return Array.from({ length: count }, (_, n) => ({
    shortUrl: `https://shrtnr.co/k${n}`,
    longUrl: `https://site.example/page/${n}`,
    server: 'https://shrtnr.co',
    title: `Garden Tips ${n}`,
    createdAt: Date.UTC(2025, 0, 1) - n * 60_000,
    via: 'bulk' as const,
  }));
}

function exportFile(entries: unknown[], overrides: Record<string, unknown> = {}): File {
  const text = JSON.stringify({ format: 'shrtnr-history', version: 1, exportedAt: '2025-03-04T00:00:00.000Z', entries, ...overrides });
  return new File([text], 'shrtnr-history-2025-03-04.json', { type: 'application/json' });
}

const rows = () => screen.queryAllByTestId('history-row');
const rowTitles = () => rows().map((row) => within(row).getByRole('heading').textContent);
const status = () => screen.getByTestId('history-status').textContent;
/** Typing into a field, as far as the page can tell: its value changes, then `input` fires. */
const type = (field: HTMLInputElement, value: string) => fireEvent.input(field, { target: { value } });
const importFileInput = () => screen.getByTestId<HTMLInputElement>('history-import-file');
/** Choosing a file in the picker the Import button opens. */
const choose = (file: File) => fireEvent.change(importFileInput(), { target: { files: [file] } });

const HOME: Account = { id: FIRST_ACCOUNT.id, name: 'Home', server: 'https://shrtnr.co' };
const WORK: Account = { id: 'account-2', name: 'Work', server: 'https://shrtnr.co' };
const SPARE: Account = { id: 'account-3', name: 'Spare', server: 'https://shrtnr.co' };
const withAccounts = (...accounts: Account[]): HistorySettings => ({ history: true, copyFormat: 'plain', accounts });
/** Newest first: one imported (no account's), one made before accounts (the first's, Home), Work's twice. */
const MIXED = [imported(LATER), RYE, { ...DOCS, account: WORK.id }, { ...NEWS, account: WORK.id }];
/** Each row's account, as its details name it. */
const accountMarks = () => rows().map((row) => row.querySelector('[data-testid="history-account"]')?.textContent);
const count = () => screen.getByTestId('history-count').textContent;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe.each(['en', 'ar'])('the history page in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;

  /** In Arabic every word on screen is Arabic, but for addresses and names. */
  const expectNothingUntranslated = () => {
    expect(wordsInAnotherScript(document.body, language, NAMES)).toEqual([]);
  };
  const button = (key: MessageKey, ...substitutions: (string | number)[]) => screen.getByRole('button', { name: t(key, ...substitutions) });
  const noButton = (key: MessageKey, ...substitutions: (string | number)[]) => screen.queryByRole('button', { name: t(key, ...substitutions) });
  const searchField = () => screen.getByRole<HTMLInputElement>('searchbox', { name: t('historySearchLabel') });
  const accountFilter = () => screen.getByRole<HTMLSelectElement>('combobox', { name: t('historyAccountFilter') });
  const filterBy = (account: string) => fireEvent.change(accountFilter(), { target: { value: account } });

  async function renderHistory(entries: readonly HistoryEntry[] = THREE, options: { settings?: HistorySettings; skipped?: number; maxEntries?: number } = {}) {
    const connector = fakeHistoryConnector(words, fakeHistoryStore(entries, options), options.settings);
    render(<HistoryApp connector={connector} />);
    // The first rows, or the word that there are none.
    await waitFor(() => expect(entries.length > 0 ? rows().length > 0 : screen.queryByTestId('history-empty') !== null).toBe(true));
    // Everything read, not only the first screenful.
    await waitFor(() => expect(connector.store.all).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText(t('historyLoading'))).toBeNull());
    return connector;
  }

  it('lists every link newest first: its name, short link, long URL, when and which way it came in', async () => {
    await renderHistory([NEWS, RYE, DOCS]);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('historyTitle'));
    screen.getByRole('main');
    // No title: where the link leads, host and path.
    expect(rowTitles()).toEqual(['Rye Bread', 'docs.example/guide/start', 'أخبار اليوم']);
    const [first] = rows();
    if (first === undefined) throw new Error('No row.');
    const link = within(first).getByRole('link', { name: RYE.shortUrl });
    expect(link.getAttribute('href')).toBe(RYE.shortUrl);
    expect(link.getAttribute('dir')).toBe('ltr');
    const longUrl = within(first).getByText(RYE.longUrl);
    expect(longUrl.getAttribute('title')).toBe(RYE.longUrl);
    expect(longUrl.getAttribute('dir')).toBe('ltr');
    const time = first.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe('2025-03-03T10:00:00.000Z');
    expect(time?.textContent).toBe(new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(RYE.createdAt));
    expect(first.textContent).toContain(t('historyViaMenuLink'));
    expect(rows()[1]?.textContent).toContain(t('historyViaShortcut'));
    expect(rows()[2]?.textContent).toContain(t('historyViaPopupTyped'));
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyCount', 3));
    expect(screen.getByTestId('credits-saved').textContent).toBe(t('historyCreditsSaved', 7));
    expectNothingUntranslated();
  });

  it('marks an imported link in its details, in words, and acts on it as on any other', async () => {
    const connector = await renderHistory([RYE, imported(DOCS)]);

    const [made, fromFile] = rows();
    expect(made?.querySelector('.row-meta')?.textContent).not.toContain(t('historyImported'));
    expect(fromFile?.querySelector('.row-meta')?.textContent).toBe(
      `${new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(DOCS.createdAt)} · ${t('historyViaShortcut')} · ${t('historyImported')}`,
    );
    fireEvent.click(button('historyCopyLabel', DOCS.shortUrl));
    await waitFor(() => expect(connector.copy).toHaveBeenCalledTimes(1));
    type(searchField(), 'guide');
    expect(rowTitles()).toEqual(['docs.example/guide/start']);
    expectNothingUntranslated();
  });

  it("marks a page's own short link in its details, in words", async () => {
    // The host the page chose, named: a page may declare a short link anywhere.
    await renderHistory([RYE, { ...DOCS, shortUrl: 'https://youtu.be/Xy9', server: 'https://youtu.be', pageOwn: true }]);
    const [made, pageOwn] = rows();
    expect(made?.querySelector('.row-meta')?.textContent).not.toContain(t('historyPageOwn', 'youtu.be'));
    expect(pageOwn?.querySelector('.row-meta')?.textContent).toBe(
      `${new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(DOCS.createdAt)} · ${t('historyViaShortcut')} · ${t('historyPageOwn', 'youtu.be')}`,
    );
    expectNothingUntranslated();
  });

  it('marks a link tagged with a campaign in its details, and finds it by the campaign', async () => {
    await renderHistory([RYE, { ...DOCS, campaign: 'Spring sale' }]);
    expect(rows()[1]?.querySelector('[data-testid="history-campaign"]')?.textContent).toBe(t('historyCampaign', 'Spring sale'));
    type(searchField(), 'spring SALE');
    expect(rowTitles()).toEqual(['docs.example/guide/start']);
  });

  describe('with more than one account', () => {
    it('names the account that made each link, and has a filter, only once there is more than one account', async () => {
      const connector = await renderHistory([RYE, DOCS, imported(NEWS)], { settings: withAccounts(HOME) });
      await waitFor(() => expect(connector.readSettings).toHaveBeenCalled());
      expect(accountMarks()).toEqual([undefined, undefined, undefined]);
      expect(screen.queryByRole('combobox')).toBeNull();

      act(() => connector.changeSettings(withAccounts(HOME, WORK)));
      // Made before accounts: by the first; imported: by none.
      await waitFor(() => expect(accountMarks()).toEqual([t('historyAccount', 'Home'), t('historyAccount', 'Home'), undefined]));
      expect(rows()[0]?.querySelector('.row-meta')?.textContent).toBe(
        `${new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(RYE.createdAt)} · ${t('historyViaMenuLink')} · ${t('historyAccount', 'Home')}`,
      );
      expect(accountFilter().value).toBe('');
      expect([...accountFilter().options].map((option) => option.textContent)).toEqual([t('historyAllAccounts'), 'Home', 'Work']);
      expectNothingUntranslated();
    });

    it('names the accounts when history holds links of more than one, even with one account left', async () => {
      await renderHistory(MIXED, { settings: withAccounts(HOME) });
      // Work is removed: its links are named by their server's host, and it is no choice of the filter.
      await waitFor(() => expect(accountMarks()).toEqual([undefined, t('historyAccount', 'Home'), t('historyAccount', 'shrtnr.co'), t('historyAccount', 'shrtnr.co')]));
      expect([...accountFilter().options].map((option) => option.value)).toEqual(['', HOME.id]);
      filterBy(HOME.id);
      await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread']));
      expectNothingUntranslated();
    });

    it("names a removed account's links by their server's host", async () => {
      const gone: HistoryEntry = { ...DOCS, shortUrl: 'https://old.example:8443/Xy9', server: 'https://old.example:8443', account: 'account-9' };
      await renderHistory([RYE, gone], { settings: withAccounts(HOME, WORK) });
      await waitFor(() => expect(accountMarks()).toEqual([t('historyAccount', 'Home'), t('historyAccount', 'old.example:8443')]));
      expectNothingUntranslated();
    });

    it('lists only the links the account chosen made, with the search, counting them, and exports everything still', async () => {
      const connector = await renderHistory(MIXED, { settings: withAccounts(HOME, WORK, SPARE) });
      await waitFor(() => expect(accountFilter().value).toBe(''));

      filterBy(WORK.id);
      await waitFor(() => expect(rowTitles()).toEqual(['docs.example/guide/start', 'أخبار اليوم']));
      expect(count()).toBe(t('historyMatching', 2, 4));
      type(searchField(), 'news');
      await waitFor(() => expect(rowTitles()).toEqual(['أخبار اليوم']));
      expect(count()).toBe(t('historyMatching', 1, 4));
      type(searchField(), 'bread');
      await waitFor(() => expect(rows()).toHaveLength(0));
      screen.getByText(t('historyAccountNoMatches', 'Work', 'bread'));

      // The export is the whole history, as it is with a search.
      fireEvent.click(button('historyExportCsv'));
      const [, file] = connector.saveFile.mock.calls[0] ?? [];
      expect((await file?.text())?.split('\r\n')).toHaveLength(6);

      type(searchField(), '');
      filterBy(SPARE.id);
      await waitFor(() => expect(rows()).toHaveLength(0));
      screen.getByText(t('historyAccountEmpty', 'Spare'));
      expect(count()).toBe(t('historyMatching', 0, 4));
      expectNothingUntranslated();

      filterBy('');
      await waitFor(() => expect(rows()).toHaveLength(4));
      expect(count()).toBe(t('historyCount', 4));
    });

    it('lists every link again when the account filtered by is removed', async () => {
      const connector = await renderHistory(MIXED, { settings: withAccounts(HOME, WORK) });
      await waitFor(() => expect(accountFilter().value).toBe(''));
      filterBy(WORK.id);
      await waitFor(() => expect(rows()).toHaveLength(2));

      act(() => connector.changeSettings(withAccounts(HOME)));
      await waitFor(() => expect(rows()).toHaveLength(4));
      expect(accountFilter().value).toBe('');
      expect(count()).toBe(t('historyCount', 4));
    });

    it('finds links by the name of the account that made them', async () => {
      await renderHistory(MIXED, { settings: withAccounts(HOME, { ...WORK, name: 'Day Job' }) });
      await waitFor(() => expect(accountFilter().value).toBe(''));
      type(searchField(), 'JOB');
      await waitFor(() => expect(rowTitles()).toEqual(['docs.example/guide/start', 'أخبار اليوم']));
      type(searchField(), 'home bread');
      await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread']));
    });

    it("exports each link's account by name, and none for an imported link", async () => {
      const connector = await renderHistory(MIXED, { settings: withAccounts(HOME, { ...WORK, name: 'Work, main' }) });
      await waitFor(() => expect(accountFilter().value).toBe(''));
      fireEvent.click(button('historyExportCsv'));
      const [, file] = connector.saveFile.mock.calls[0] ?? [];
      const lines = (await file?.text())?.split('\r\n') ?? [];
      expect(lines[0]).toBe('\uFEFFcreated,title,long_url,short_url,server,via,origin,campaign,account');
      // Origin, campaign and account: the last three fields.
      expect(lines.slice(1).map((line) => /,(local|imported),.*$/.exec(line)?.[0])).toEqual([',imported,,', ',local,,Home', ',local,,"Work, main"', ',local,,"Work, main"', undefined]);
    });
  });

  it('names every button of a row with its link, and shows one word', async () => {
    await renderHistory();

    const copy = button('historyCopyLabel', DOCS.shortUrl);
    expect(copy.textContent).toBe(t('historyCopy'));
    expect(button('historyOpenLabel', DOCS.shortUrl).textContent).toBe(t('historyOpen'));
    expect(button('historyQrLabel', DOCS.shortUrl).getAttribute('aria-expanded')).toBe('false');
    expect(button('historyDeleteLabel', DOCS.shortUrl).textContent).toBe(t('historyDelete'));
    screen.getByRole('region', { name: t('historyToolsLabel') });
    screen.getByRole('search');
  });

  it('marks the first render of the list for the benchmark, and each search', async () => {
    const mark = vi.spyOn(performance, 'mark');
    await renderHistory();
    expect(mark.mock.calls.map(([name]) => name)).toEqual(['shrtnr:history-list-shown']);

    type(searchField(), 'bread');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(mark.mock.calls.map(([name]) => name)).toEqual(['shrtnr:history-list-shown', 'shrtnr:history-search-done']);
  });

  it('filters as you type, over long URL, short link and title, ignoring case, and says how many match', async () => {
    await renderHistory();

    type(searchField(), 'BREAD');
    await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread']));
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyMatching', 1, 3));

    type(searchField(), 'xy9');
    await waitFor(() => expect(rowTitles()).toEqual(['docs.example/guide/start']));

    type(searchField(), 'اليوم');
    await waitFor(() => expect(rowTitles()).toEqual(['أخبار اليوم']));

    type(searchField(), 'shrtnr.co');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyMatching', 3, 3));

    type(searchField(), 'nothing-like-this');
    await waitFor(() => expect(rows()).toHaveLength(0));
    screen.getByText(t('historyNoMatches', 'nothing-like-this'));
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyMatching', 0, 3));

    type(searchField(), '');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyCount', 3));
    expectNothingUntranslated();
  });

  it(`shows ${PAGE_SIZE} links at a time, and more on demand, moving focus to the first new one`, async () => {
    const many = manyEntries(250);
    await renderHistory(many);

    expect(rows()).toHaveLength(PAGE_SIZE);
    screen.getByText(t('historyShowing', 100, 250));
    fireEvent.click(button('historyShowMore'));
    await waitFor(() => expect(rows()).toHaveLength(200));
    expect(document.activeElement?.textContent).toBe(many[100]?.shortUrl);

    fireEvent.click(button('historyShowMore'));
    await waitFor(() => expect(rows()).toHaveLength(250));
    expect(noButton('historyShowMore')).toBeNull();

    // A new search starts again from the first page of what it finds.
    type(searchField(), 'garden');
    await waitFor(() => expect(rows()).toHaveLength(PAGE_SIZE));
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyMatching', 250, 250));
    expectNothingUntranslated();
  });

  it('copies a link in the chosen copy format, and says so', async () => {
    const connector = await renderHistory(THREE, { settings: { history: true, copyFormat: 'markdown', accounts: [FIRST_ACCOUNT] } });

    fireEvent.click(button('historyCopyLabel', RYE.shortUrl));
    await waitFor(() => expect(status()).toBe(t('historyCopied', RYE.shortUrl)));
    expect(connector.copy.mock.calls).toEqual([[{ text: '[Rye Bread](https://shrtnr.co/aB3)' }]]);

    // Rich: the link as text, with an HTML flavour beside it; a link without a title is named by its long URL.
    act(() => connector.changeSettings({ history: true, copyFormat: 'rich', accounts: [FIRST_ACCOUNT] }));
    await waitFor(() => expect(connector.readSettings).toHaveBeenCalledTimes(2));
    fireEvent.click(button('historyCopyLabel', DOCS.shortUrl));
    await waitFor(() => expect(connector.copy).toHaveBeenCalledTimes(2));
    expect(connector.copy.mock.lastCall).toEqual([{ text: DOCS.shortUrl, html: '<a href="https://shrtnr.co/Xy9">https://docs.example/guide/start</a>' }]);
    expectNothingUntranslated();
  });

  it('says when copying failed, and why', async () => {
    const connector = await renderHistory();
    connector.copy.mockResolvedValueOnce({ ok: false, reason: 'Document is not focused.' });

    fireEvent.click(button('historyCopyLabel', NEWS.shortUrl));
    await waitFor(() => expect(status()).toBe(t('copyFailed', 'Document is not focused.')));
  });

  it('opens the page a link leads to in a new tab', async () => {
    const connector = await renderHistory();

    fireEvent.click(button('historyOpenLabel', DOCS.shortUrl));
    await waitFor(() => expect(connector.openTab.mock.calls).toEqual([[DOCS.longUrl]]));
  });

  it('deletes a link at once, moves focus to the next one, and brings it back on Undo', async () => {
    const connector = await renderHistory();

    fireEvent.click(button('historyDeleteLabel', DOCS.shortUrl));
    await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread', 'أخبار اليوم']));
    expect(connector.store.remove.mock.calls).toEqual([[DOCS.shortUrl]]);
    expect(status()).toBe(t('historyDeleted', DOCS.shortUrl));
    expect(document.activeElement).toBe(button('historyDeleteLabel', NEWS.shortUrl));
    expectNothingUntranslated();

    fireEvent.click(button('historyUndo'));
    await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread', 'docs.example/guide/start', 'أخبار اليوم']));
    expect(connector.store.merge.mock.calls).toEqual([[[DOCS]]]);
    expect(status()).toBe(t('historyRestored', DOCS.shortUrl));
    expect(noButton('historyUndo')).toBeNull();
    expect(document.activeElement).toBe(button('historyDeleteLabel', DOCS.shortUrl));
    // And the store agrees, once the page has read it again.
    expect((await connector.store.all()).entries).toEqual(THREE);
    expectNothingUntranslated();
  });

  it('moves focus to the row before when the last one is deleted', async () => {
    await renderHistory();

    fireEvent.click(button('historyDeleteLabel', NEWS.shortUrl));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(document.activeElement).toBe(button('historyDeleteLabel', DOCS.shortUrl));
  });

  it('withdraws Undo after a few seconds, but not while it has the focus', async () => {
    await renderHistory();
    vi.useFakeTimers();

    fireEvent.click(button('historyDeleteLabel', RYE.shortUrl));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(status()).toBe(t('historyDeleted', RYE.shortUrl));
    button('historyUndo').focus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNDO_MS + 3000);
    });
    expect(noButton('historyUndo')).not.toBeNull();

    button('historyCopyLabel', DOCS.shortUrl).focus();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(noButton('historyUndo')).toBeNull();
    expect(status()).toBe('');
  });

  it('asks in the page before deleting everything, then offers Undo for all of it', async () => {
    const connector = await renderHistory();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);

    fireEvent.click(button('historyDeleteAll'));
    screen.getByRole('group', { name: t('historyDeleteAllQuestion', 3) });
    await waitFor(() => expect(document.activeElement).toBe(button('historyCancel')));
    expectNothingUntranslated();

    fireEvent.click(button('historyCancel'));
    await waitFor(() => expect(screen.queryByRole('group', { name: t('historyDeleteAllQuestion', 3) })).toBeNull());
    expect(connector.store.clear).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button('historyDeleteAll'));

    fireEvent.click(button('historyDeleteAll'));
    fireEvent.click(button('historyDeleteAllConfirm'));
    await screen.findByTestId('history-empty');
    expect(rows()).toHaveLength(0);
    expect(connector.store.clear).toHaveBeenCalledTimes(1);
    expect(status()).toBe(t('historyDeletedAll', 3));
    expect(document.activeElement).toBe(button('historyUndo'));
    screen.getByText(t('historyEmpty'));
    expectNothingUntranslated();

    fireEvent.click(button('historyUndo'));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(connector.store.merge.mock.calls).toEqual([[THREE]]);
    expect(status()).toBe(t('historyRestoredAll', 3));
    expect(document.activeElement).toBe(searchField());
    expect(confirm).not.toHaveBeenCalled();
  });

  it('Escape answers no to deleting everything', async () => {
    const connector = await renderHistory();

    fireEvent.click(button('historyDeleteAll'));
    fireEvent.keyDown(button('historyCancel'), { key: 'Escape' });
    await waitFor(() => expect(noButton('historyDeleteAllConfirm')).toBeNull());
    expect(connector.store.clear).not.toHaveBeenCalled();
  });

  it('exports every link as CSV, safe to open in a spreadsheet', async () => {
    const connector = await renderHistory([{ ...RYE, title: '=cmd|"/c calc"!A1' }, DOCS]);
    type(searchField(), 'bread');

    fireEvent.click(button('historyExportCsv'));
    expect(connector.saveFile).toHaveBeenCalledTimes(1);
    const [fileName, file] = connector.saveFile.mock.calls[0] ?? [];
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(fileName).toBe(`shrtnr-history-${day}.csv`);
    expect(file?.type).toBe('text/csv;charset=utf-8');
    // Everything, not only what the search shows; newest first.
    expect(await file?.text()).toBe(
      '\uFEFFcreated,title,long_url,short_url,server,via,origin,campaign,account\r\n' +
        `2025-03-03T10:00:00.000Z,"'=cmd|""/c calc""!A1",https://cooking.example/bread?flour=rye,https://shrtnr.co/aB3,https://shrtnr.co,menu-link,local,,shrtnr.co\r\n` +
        '2025-03-02T09:00:00.000Z,,https://docs.example/guide/start,https://shrtnr.co/Xy9,https://shrtnr.co,shortcut,local,,shrtnr.co\r\n',
    );
  });

  it('exports every link as JSON that import reads back', async () => {
    const connector = await renderHistory();

    fireEvent.click(button('historyExportJson'));
    const [fileName, file] = connector.saveFile.mock.calls[0] ?? [];
    expect(fileName).toMatch(/^shrtnr-history-\d{4}-\d{2}-\d{2}\.json$/);
    expect(file?.type).toBe('application/json');
    const document = JSON.parse((await file?.text()) ?? '') as Record<string, unknown>;
    expect(document).toEqual({ format: 'shrtnr-history', version: 1, exportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), entries: THREE });
  });

  it('imports a history export: adds the new links, and says exactly what happened to each of the others', async () => {
    const connector = await renderHistory([RYE, DOCS]);
    const invalid = { ...NEWS, shortUrl: 'javascript:alert(1)' };

    choose(exportFile([NEWS, RYE, invalid, NEWS, DOCS, { nonsense: true }]));
    await waitFor(() => expect(status()).toBe([t('historyImportAdded', 1), t('historyImportAlreadyThere', 3), t('historyImportInvalid', 2)].join(' ')));
    // Marked imported, whatever the file says; those already there stay as they are.
    expect(connector.store.merge.mock.calls).toEqual([[[NEWS, RYE, DOCS].map(imported)]]);
    await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread', 'docs.example/guide/start', 'أخبار اليوم']));
    expect(rows().map((row) => within(row).queryByTestId('history-imported')?.textContent)).toEqual([undefined, undefined, t('historyImported')]);
    // The input is emptied, so the same file can be chosen again.
    expect(importFileInput().value).toBe('');
    expectNothingUntranslated();
  });

  it('says it imports while a file is read and merged, and Import waits for it: a second import would take the first one\'s Undo away', async () => {
    const connector = await renderHistory([RYE]);
    const merged = deferred<void>();
    const merge = connector.store.merge.getMockImplementation();
    connector.store.merge.mockImplementationOnce(async (added) => {
      await merged.promise;
      return (await merge?.(added)) ?? { added: [], alreadyThere: 0, overBound: 0, dropped: [] };
    });

    choose(exportFile([NEWS]));
    const importButton = await screen.findByRole('button', { name: t('historyImporting') });
    expect(importButton.getAttribute('aria-disabled')).toBe('true');
    const openDialog = vi.spyOn(importFileInput(), 'click');
    fireEvent.click(importButton);
    expect(openDialog).not.toHaveBeenCalled();

    merged.resolve();
    await waitFor(() => expect(status()).toBe(t('historyImportAdded', 1)));
    expect(button('historyImport').getAttribute('aria-disabled')).toBe('false');
  });

  it('says which imported links history had no room for, and that the user\'s own were kept; nothing to undo', async () => {
    const connector = await renderHistory([RYE, DOCS], { maxEntries: 2 });

    // Newer than both: were the newest kept, they would go.
    choose(exportFile([LATER]));
    await waitFor(() => expect(status()).toBe([t('historyImportAdded', 0), t('historyImportOverBound', 1, 10_000)].join(' ')));
    expect(connector.store.merge).toHaveBeenCalledTimes(1);
    expect(rowTitles()).toEqual(['Rye Bread', 'docs.example/guide/start']);
    expect(noButton('historyUndoImport')).toBeNull();
    expectNothingUntranslated();
  });

  it('offers Undo after an import, which takes away exactly what it added and puts back what it removed to make room', async () => {
    const connector = await renderHistory([RYE, imported(DOCS)], { maxEntries: 2 });

    choose(exportFile([LATER, RYE]));
    await waitFor(() => expect(status()).toBe([t('historyImportAdded', 1), t('historyImportAlreadyThere', 1), t('historyImportMadeRoom', 1)].join(' ')));
    await waitFor(() => expect(rowTitles()).toEqual(['Later', 'Rye Bread']));
    expectNothingUntranslated();

    fireEvent.click(button('historyUndoImport'));
    await waitFor(() => expect(status()).toBe(`${t('historyImportUndone', 1)} ${t('historyImportPutBack', 1)}`));
    expect(connector.store.undoMerge.mock.calls).toEqual([[[LATER.shortUrl], [imported(DOCS)]]]);
    await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread', 'docs.example/guide/start']));
    expect(noButton('historyUndoImport')).toBeNull();
    expect(document.activeElement).toBe(searchField());
    expect((await connector.store.all()).entries).toEqual([RYE, imported(DOCS)]);
    expectNothingUntranslated();
  });

  it('says when undoing an import failed, and why', async () => {
    const connector = await renderHistory([RYE]);
    connector.store.undoMerge.mockRejectedValueOnce(new DOMException('The disk is full.', 'QuotaExceededError'));

    choose(exportFile([LATER]));
    fireEvent.click(await screen.findByRole('button', { name: t('historyUndoImport') }));
    await waitFor(() => expect(status()).toBe(t('historyChangeFailed', 'The disk is full.')));
    expect(rowTitles()).toEqual(['Later', 'Rye Bread']);
  });

  it('imports from an empty history, from the button the empty page still offers', async () => {
    await renderHistory([]);

    screen.getByText(t('historyEmpty'));
    expect(noButton('historyExportCsv')).toBeNull();
    expect(noButton('historyDeleteAll')).toBeNull();
    button('historyImport');
    expectNothingUntranslated();

    choose(exportFile(THREE));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(status()).toBe(t('historyImportAdded', 3));
  });

  it('refuses imported dates a Date cannot print, and those after now plus a day, each said apart, and the page works on', async () => {
    const connector = await renderHistory([RYE, DOCS]);
    const farFuture = { ...NEWS, shortUrl: 'https://shrtnr.co/far', createdAt: 4102444800000 };
    const unprintable = { ...NEWS, shortUrl: 'https://shrtnr.co/nine', createdAt: 9e15 };

    choose(exportFile([NEWS, farFuture, unprintable]));
    await waitFor(() => expect(status()).toBe([t('historyImportAdded', 1), t('historyImportInvalid', 1), t('historyImportFuture', 1)].join(' ')));
    expect(connector.store.merge.mock.calls).toEqual([[[imported(NEWS)]]]);
    await waitFor(() => expect(rowTitles()).toEqual(['Rye Bread', 'docs.example/guide/start', 'أخبار اليوم']));
    expectNothingUntranslated();
  });

  it('opens with a stored date no Date can print, saying the date is unknown', async () => {
    // The fake store validates nothing: as a record the schema of an older version let in.
    await renderHistory([RYE, { ...DOCS, createdAt: 9e15 }, NEWS]);

    expect(rowTitles()).toEqual(['docs.example/guide/start', 'Rye Bread', 'أخبار اليوم']);
    const [unprintable] = rows();
    expect(unprintable?.querySelector('time')).toBeNull();
    expect(unprintable?.querySelector('.row-meta')?.textContent).toBe(`${t('historyDateUnknown')} · ${t('historyViaShortcut')}`);
    expect(rows()[1]?.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-03T10:00:00.000Z');
    expectNothingUntranslated();
  });

  it('shows a row that cannot be shown as a small row that says so and still deletes, and the rest as usual', async () => {
    // No title, and a long URL no URL parser reads: the row's label throws.
    const broken = { ...DOCS, longUrl: 'not a url' };
    const connector = await renderHistory([RYE, broken, NEWS]);

    expect(rowTitles()).toEqual(['Rye Bread', 'أخبار اليوم']);
    const fallback = screen.getByTestId('history-row-broken');
    expect(fallback.textContent).toBe(`${t('historyRowBroken')}${t('historyDelete')}`);
    expect(console.warn).toHaveBeenCalledWith('Shrtnr: a history row could not be shown.', expect.stringContaining('Invalid URL'));
    expectNothingUntranslated();

    fireEvent.click(within(fallback).getByRole('button', { name: t('historyDeleteLabel', DOCS.shortUrl) }));
    await waitFor(() => expect(screen.queryByTestId('history-row-broken')).toBeNull());
    expect(connector.store.remove.mock.calls).toEqual([[DOCS.shortUrl]]);
    expect(rowTitles()).toEqual(['Rye Bread', 'أخبار اليوم']);
  });

  describe.each<{ name: string; file: () => File; sentence: () => string }>([
    { name: 'not JSON', file: () => new File(['created,title\r\n'], 'history.csv'), sentence: () => t('historyImportNotJson') },
    { name: 'empty', file: () => new File(['\uFEFF \n'], 'history.json'), sentence: () => t('historyImportEmpty') },
    { name: 'the CSV export', file: () => new File([historyCsv([NEWS], () => undefined)], 'history.csv'), sentence: () => t('historyImportCsv') },
    { name: 'another format', file: () => exportFile([NEWS], { format: 'bookmarks' }), sentence: () => t('historyImportWrongFormat') },
    { name: 'another version', file: () => exportFile([NEWS], { version: 2 }), sentence: () => t('historyImportWrongVersion', 2, 1) },
    { name: 'too large', file: () => new File([new Uint8Array(16 * 1024 * 1024 + 1)], 'video.json'), sentence: () => t('historyImportTooLarge', 16) },
  ])('given a file that is $name', ({ file, sentence }) => {
    it('says so, and imports nothing', async () => {
      const connector = await renderHistory();

      choose(file());
      await waitFor(() => expect(status()).toBe(sentence()));
      expect(connector.store.merge).not.toHaveBeenCalled();
      expect(rows()).toHaveLength(3);
      expectNothingUntranslated();
    });
  });

  it('opens the list page from "Shorten a list…" in its header', async () => {
    const connector = await renderHistory(THREE);
    fireEvent.click(button('listOpen'));
    expect(connector.openList).toHaveBeenCalledTimes(1);
  });

  it('says when history is off, offers the settings, and still lists what is there', async () => {
    const connector = await renderHistory(THREE, { settings: { history: false, copyFormat: 'plain', accounts: [FIRST_ACCOUNT] } });

    await waitFor(() => expect(screen.getByTestId('history-off').textContent).toContain(t('historyOff')));
    expect(rows()).toHaveLength(3);
    button('historyExportJson');
    fireEvent.click(button('historyOpenSettings'));
    expect(connector.openSettings).toHaveBeenCalledTimes(1);
    expectNothingUntranslated();

    // Turned on in the options page: the notice goes.
    act(() => connector.changeSettings({ history: true, copyFormat: 'plain', accounts: [FIRST_ACCOUNT] }));
    await waitFor(() => expect(screen.queryByTestId('history-off')).toBeNull());
  });

  it('says how many damaged records could not be shown', async () => {
    await renderHistory(THREE, { skipped: 2 });

    expect(screen.getByTestId('history-skipped').textContent).toBe(t('historySkipped', 2));
    expect(rows()).toHaveLength(3);
    expectNothingUntranslated();
  });

  it('says when history cannot be read, instead of an empty page', async () => {
    const store = fakeHistoryStore(THREE);
    const closing = new DOMException('The database connection is closing.', 'InvalidStateError');
    store.recent.mockRejectedValueOnce(closing);
    store.all.mockRejectedValueOnce(closing);
    render(<HistoryApp connector={fakeHistoryConnector(words, store)} />);

    expect((await screen.findByRole('alert')).textContent).toBe(t('historyLoadFailed', 'The database connection is closing.'));
    expect(screen.queryByTestId('history-empty')).toBeNull();
    expect(rows()).toHaveLength(0);
  });

  it("in a private window, where Firefox keeps no extension's data, says so and how to see history, not the browser's refusal", async () => {
    const store = fakeHistoryStore(THREE);
    const refused = new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    store.recent.mockRejectedValueOnce(refused);
    store.all.mockRejectedValueOnce(refused);
    render(<HistoryApp connector={{ ...fakeHistoryConnector(words, store), privateWindow: true }} />);

    expect((await screen.findByRole('alert')).textContent).toBe(t('historyPrivateWindow'));
    expectNothingUntranslated();
  });

  it('shows the newest links before all are read, and acts on the whole only once it is', async () => {
    const store = fakeHistoryStore(THREE);
    const read = deferred<{ entries: HistoryEntry[]; skipped: number }>();
    store.all.mockReturnValueOnce(read.promise);
    render(<HistoryApp connector={fakeHistoryConnector(words, store)} />);

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(store.recent).toHaveBeenCalledWith(FIRST_SCREEN);
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyLoading'));
    expect(screen.queryByRole('button', { name: t('historyExportJson') })).toBeNull();
    expect(screen.queryByRole('button', { name: t('historyDeleteAll') })).toBeNull();

    read.resolve({ entries: THREE, skipped: 0 });
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe(t('historyCount', 3)));
    screen.getByRole('button', { name: t('historyExportJson') });
  });

  it('shows nothing to act on until history is read', async () => {
    const store = fakeHistoryStore(THREE);
    const read = deferred<{ entries: HistoryEntry[]; skipped: number }>();
    // The first screenful cannot be read: the whole is read all the same.
    store.recent.mockRejectedValueOnce(new Error('first screen unreadable'));
    store.all.mockReturnValueOnce(read.promise);
    render(<HistoryApp connector={fakeHistoryConnector(words, store)} />);

    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    screen.getByText(t('historyLoading'));
    expect(screen.queryByTestId('history-empty')).toBeNull();
    expectNothingUntranslated();

    read.resolve({ entries: THREE, skipped: 0 });
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('false');
  });

  it('follows links recorded elsewhere as they come, keeping the search', async () => {
    const connector = await renderHistory();
    type(searchField(), 'bread');
    await waitFor(() => expect(rows()).toHaveLength(1));

    const newer: HistoryEntry = { ...RYE, shortUrl: 'https://shrtnr.co/new1', title: 'Bread, Sourdough', createdAt: Date.UTC(2025, 2, 4), via: 'bulk' };
    act(() => {
      connector.store.recordElsewhere(newer);
      connector.store.recordElsewhere({ ...DOCS, shortUrl: 'https://shrtnr.co/new2', createdAt: Date.UTC(2025, 2, 5) });
    });

    await waitFor(() => expect(rowTitles()).toEqual(['Bread, Sourdough', 'Rye Bread']));
    expect(searchField().value).toBe('bread');
    expect(screen.getByTestId('history-count').textContent).toBe(t('historyMatching', 2, 5));
  });

  it('loads the QR code panel only when asked, says it is loading, and saves what it makes', async () => {
    const connector = await renderHistory();
    expect(connector.loadQrPanel).not.toHaveBeenCalled();
    const loaded = deferred<QrPanelComponent>();
    connector.loadQrPanel.mockReturnValueOnce(loaded.promise);

    const toggle = button('historyQrLabel', DOCS.shortUrl);
    fireEvent.click(toggle);
    await screen.findByText(t('qrLoading'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expectNothingUntranslated();

    loaded.resolve(FakeQrPanel);
    const panel = await screen.findByTestId('fake-qr');
    expect(panel.textContent).toBe(DOCS.shortUrl);
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.contains(panel)).toBe(true);
    fireEvent.click(panel);
    expect(connector.saveFile.mock.calls.map(([name]) => name)).toEqual(['qr.svg']);

    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByTestId('fake-qr')).toBeNull());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when the QR code panel cannot be loaded, and tries again when asked again', async () => {
    const connector = await renderHistory();
    connector.loadQrPanel.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));

    const toggle = button('historyQrLabel', RYE.shortUrl);
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(t('qrLoadFailed'));
    expectNothingUntranslated();

    fireEvent.click(toggle);
    fireEvent.click(toggle);
    await screen.findByTestId('fake-qr');
    expect(connector.loadQrPanel).toHaveBeenCalledTimes(2);
  });
});
