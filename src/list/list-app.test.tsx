// @vitest-environment happy-dom
// The list page as a person uses it, in English and Arabic, against a fake
// connector through which each test speaks for the worker: each screen's
// words (the real ones, from public/_locales) and what each control asks.
import { act, cleanup, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import type { ListPlan, ListRun } from '../messages/list-port';
import type { MessageKey } from '../platform/words';
import { fakeListConnector } from './fake-list-connector';
import { ListApp } from './list-app';
import { MAX_LIST_MEGABYTES } from './list-file';

const PACE = { limit: 60, windowMs: 60_000 };
const PLAN: ListPlan = {
  addresses: 5,
  fresh: 150,
  inHistory: 1,
  duplicates: 1,
  // The third address sent: the worker numbers them in the order sent.
  invalid: [{ place: 3, address: 'ftp://files.example/x', error: { kind: 'unsupported-scheme', scheme: 'ftp:' } }],
  pace: PACE,
};
const done = (shortUrl: string, longUrl: string, fromHistory = false) => ({ state: 'done' as const, shortUrl, longUrl, fromHistory });
const RUN: ListRun = {
  id: 'list-1',
  startedAt: 1,
  private: false,
  pace: PACE,
  account: 'account-1',
  paused: false,
  items: [
    { url: 'https://a.example/', status: done('https://s.test/a', 'https://a.example/') },
    { url: 'https://b.example/', status: done('https://s.test/b', 'https://b.example/', true) },
    { url: 'https://A.example/', status: { state: 'skipped', skip: { reason: 'duplicate', of: 1 } } },
    { url: 'ftp://files.example/x', status: { state: 'skipped', skip: { reason: 'not-shortenable', error: { kind: 'unsupported-scheme', scheme: 'ftp:' } } } },
    { url: 'https://c.example/', status: { state: 'failed', error: { kind: 'cancelled' } } },
  ],
};
/** Addresses, hosts and format names: in their own script in every language. */
const NAMES = ['https://a.example/', 'https://b.example/', 'https://A.example/', 'ftp://files.example/x', 'https://c.example/', 'https://s.test/a', 'https://s.test/b', 'links.csv', 'title', 'url', 'CSV', 'Markdown', 'ftp:', '.txt', '.csv', 'https://', 'http://', 'Shrtnr', 'MB'];

const problem = () => screen.getByTestId('list-problem').textContent;
/** Choosing a file in the picker "Choose a file…" opens. */
const choose = (file: File) => fireEvent.change(screen.getByTestId('list-file'), { target: { files: [file] } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe.each(['en', 'ar'])('the list page in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const button = (key: MessageKey, ...values: (string | number)[]) => screen.getByRole('button', { name: t(key, ...values) });
  const field = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: t('listPasteLabel') });
  const expectNothingUntranslated = () => expect(wordsInAnotherScript(document.body, language, NAMES)).toEqual([]);

  /** The page, its worker saying there is no list run. */
  function renderPage() {
    const connector = fakeListConnector(words);
    render(<ListApp connector={connector} />);
    act(() => connector.hear({ type: 'none' }));
    return connector;
  }
  it('plans what was pasted, says what it comes to with each address that cannot be sent and why, and sends it', async () => {
    const connector = renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('listTitle'));
    await waitFor(() => expect(document.activeElement).toBe(field()));
    fireEvent.input(field(), { target: { value: 'https://a.example/\n\n  https://b.example/ \nftp://files.example/x\n' } });
    fireEvent.click(button('listCheck'));
    expect(connector.plan).toHaveBeenCalledWith(1, ['https://a.example/', 'https://b.example/', 'ftp://files.example/x']);
    button('listChecking');

    act(() => connector.hear({ type: 'plan', ask: 1, plan: PLAN }));
    const counts = within(screen.getByTestId('plan-counts')).getAllByRole('listitem').map((item) => item.textContent);
    expect(counts).toEqual([t('listPlanAddresses', 5), t('listPlanFresh', 150), t('listPlanInHistory', 1), t('listPlanDuplicates', 1), t('listPlanInvalid', 1)]);
    expect(screen.getByTestId('plan-time').textContent).toBe(t('listPlanTime', 60, words.minutes(2)));
    // Named by its line in what was pasted, the blank one counted.
    expect(screen.getByTestId('invalid-address').textContent).toBe(`${t('listRow', 4)} ftp://files.example/x ${t('errorOtherScheme', 'ftp:')}`);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: t('listPlanHeading') }));
    expectNothingUntranslated();

    fireEvent.click(button('listSend'));
    expect(connector.start).toHaveBeenCalledWith(['https://a.example/', 'https://b.example/', 'ftp://files.example/x'], [1, 3, 4]);
    // Pressed again before the run's first word: sent once.
    fireEvent.click(button('listSend'));
    expect(connector.start).toHaveBeenCalledTimes(1);
  });

  it('shows the run while it goes: how far, how long still, pause and go on, cancel', () => {
    const connector = renderPage();
    const progress = { id: 'list-1', paused: false, pace: PACE, addresses: 200, toShorten: 180, made: 60, fromHistory: 5, failed: 0 };
    act(() => connector.hear({ type: 'progress', progress, own: true }));
    expect(screen.getByTestId('list-progress').textContent).toBe(` ${t('bulkSummaryMade', 60, 180)}`);
    expect(screen.getByTestId('list-time').textContent).toBe(t('listTimeLeft', words.minutes(1), 60));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: t('listRunHeading') }));
    expectNothingUntranslated();
    // Its links waiting for the network (offline, or the server gave no answer): that is what it says, not a time.
    act(() => connector.hear({ type: 'progress', progress: { ...progress, forNetwork: true, untilMs: Date.now() + 9_000 }, own: true }));
    expect(screen.getByTestId('list-time').textContent).toBe(t('popupWaitingForNetwork'));
    act(() => connector.hear({ type: 'progress', progress, own: true }));
    expect(screen.getByTestId('list-time').textContent).toBe(t('listTimeLeft', words.minutes(1), 60));
    fireEvent.click(button('listPause'));
    expect(connector.pause).toHaveBeenCalledTimes(1);
    act(() => connector.hear({ type: 'progress', progress: { ...progress, paused: true }, own: true }));
    expect(screen.getByTestId('list-time').textContent).toBe(t('listPaused'));
    fireEvent.click(button('listResume'));
    expect(connector.resume).toHaveBeenCalledTimes(1);
    fireEvent.click(button('bulkCancel'));
    expect(connector.cancel).toHaveBeenCalledTimes(1);
  });

  it("says why Go on was refused under the paused run, with the way to the settings where they can fix it, until the run goes on", () => {
    const connector = renderPage();
    const progress = { id: 'list-1', paused: true, pace: PACE, addresses: 20, toShorten: 20, made: 5, fromHistory: 0, failed: 0 };
    act(() => connector.hear({ type: 'progress', progress, own: true }));
    expect(problem()).toBe('');
    act(() => connector.hear({ type: 'not-resumed', error: { kind: 'no-token', blank: false } }));
    expect(problem()).toBe(t('errorNoToken'));
    fireEvent.click(button('popupOpenSettings'));
    expect(connector.openSettings).toHaveBeenCalledTimes(1);
    // Still paused: still said.
    act(() => connector.hear({ type: 'progress', progress: { ...progress, made: 6 }, own: true }));
    expect(problem()).toBe(t('errorNoToken'));
    act(() => connector.hear({ type: 'not-resumed', error: { kind: 'list-account-removed' } }));
    expect(problem()).toBe(t('listAccountRemoved'));
    expect(screen.queryByRole('button', { name: t('popupOpenSettings') })).toBeNull();
    expectNothingUntranslated();
    act(() => connector.hear({ type: 'progress', progress: { ...progress, paused: false }, own: true }));
    expect(problem()).toBe('');
  });

  it('ends with a table of every address, copied as lines, a Markdown table or CSV, or downloaded; New list starts again', async () => {
    const connector = renderPage();
    act(() => connector.hear({ type: 'ended', run: RUN, own: true }));
    const rows = screen.getAllByTestId('list-row').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    const said = [t('listStatusNew'), t('listStatusFromHistory'), t('listStatusDuplicate', 1), t('bulkSkipped', t('errorOtherScheme', 'ftp:')), t('bulkItemCancelled')];
    expect(rows).toEqual([
      ['1', 'https://a.example/', 'https://s.test/a', said[0]],
      ['2', 'https://b.example/', 'https://s.test/b', said[1]],
      ['3', 'https://A.example/', 'https://s.test/a', said[2]],
      ['4', 'ftp://files.example/x', '', said[3]],
      ['5', 'https://c.example/', '', said[4]],
    ]);
    expect(screen.getByTestId('list-summary').textContent).toBe([t('bulkSummaryMade', 2, 3), t('bulkSummarySkipped', 2), t('bulkSummaryFailed', 1)].join(' · '));
    expectNothingUntranslated();

    fireEvent.click(button('bulkCopyLines'));
    await waitFor(() => expect(screen.getByTestId('list-copy-status').textContent).toBe(t('listCopied', 5)));
    fireEvent.click(button('listCopyMarkdown'));
    fireEvent.click(button('listCopyCsv'));
    expect(connector.copy.mock.calls.map(([text]) => text)).toEqual([
      'https://s.test/a\nhttps://s.test/b\nhttps://s.test/a\n\n\n',
      [`| ${t('listColumnLong')} | ${t('listColumnShort')} | ${t('listColumnStatus')} |`, '| --- | --- | --- |', ...rows.map(([, long, short, status]) => `| ${long} | ${short} | ${status} |`)].map((line) => `${line}\n`).join(''),
      'row,long_url,short_url,status,detail\r\n1,https://a.example/,https://s.test/a,new,\r\n2,https://b.example/,https://s.test/b,history,\r\n3,https://A.example/,https://s.test/a,repeated,1\r\n4,ftp://files.example/x,,invalid,unsupported-scheme\r\n5,https://c.example/,,cancelled,\r\n',
    ]);

    fireEvent.click(button('listDownloadCsv'));
    const [[name, blob]] = connector.saveFile.mock.calls as [[string, Blob]];
    expect(name).toMatch(/^shrtnr-list-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await blob.text()).toBe(`\uFEFF${connector.copy.mock.calls[2]?.[0] ?? ''}`);

    fireEvent.click(button('listNew'));
    expect(connector.dismiss).toHaveBeenCalledTimes(1);
    act(() => connector.hear({ type: 'none' }));
    expect(field().value).toBe('');
  });

  it("follows a run another list page sent, saying this page's own list is kept, and gives that list back once the run is dismissed", () => {
    const connector = renderPage();
    fireEvent.input(field(), { target: { value: 'https://mine.example/' } });
    const progress = { id: 'list-1', paused: false, pace: PACE, addresses: 1, toShorten: 1, made: 0, fromHistory: 0, failed: 0 };
    act(() => connector.hear({ type: 'progress', progress, own: false }));
    expect(screen.getByRole('heading', { name: t('listRunHeading') })).not.toBeNull();
    expect(screen.getByTestId('list-kept').textContent).toBe(t('listOwnKept'));
    expect(screen.getByTestId('list-problem').textContent).toBe('');
    expectNothingUntranslated();
    act(() => connector.hear({ type: 'ended', run: RUN, own: false }));
    expect(screen.getByTestId('list-kept').textContent).toBe(t('listOwnKept'));
    fireEvent.click(button('listNew'));
    act(() => connector.hear({ type: 'none' }));
    expect(field().value).toBe('https://mine.example/');
    expect(screen.queryByTestId('list-kept')).toBeNull();
  });

  it('says why a send was refused when it raced another list page\'s start, under that page\'s run', async () => {
    const connector = renderPage();
    fireEvent.input(field(), { target: { value: 'https://mine.example/' } });
    fireEvent.click(button('listCheck'));
    act(() => connector.hear({ type: 'plan', ask: 1, plan: { addresses: 1, fresh: 1, inHistory: 0, duplicates: 0, invalid: [], pace: PACE } }));
    fireEvent.click(button('listSend'));
    act(() => connector.hear({ type: 'progress', progress: { id: 'list-1', paused: false, pace: PACE, addresses: 3, toShorten: 3, made: 0, fromHistory: 0, failed: 0 }, own: false }));
    act(() => connector.hear({ type: 'not-started', error: { kind: 'list-running' } }));
    expect(screen.getByTestId('list-problem').textContent).toBe(t('listAnotherRunning'));
    expectNothingUntranslated();
  });

  it("reads a .csv file's column of addresses, chosen among its columns, instead of the field", async () => {
    const connector = renderPage();
    choose(new File(['title,url,other\r\n"A, one",https://a.example/,https://x.example/\r\nB,https://b.example/,\r\n'], 'links.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('list-file-name').textContent).toBe(t('listFileName', 'links.csv')));
    const column = screen.getByRole<HTMLSelectElement>('combobox', { name: t('listColumnLabel') });
    expect([...column.options].map((option) => option.textContent)).toEqual(['title', 'url', 'other']);
    expect(column.value).toBe('1');
    fireEvent.click(button('listCheck'));
    expect(connector.plan).toHaveBeenLastCalledWith(1, ['https://a.example/', 'https://b.example/']);
    // Another column chosen while the first plan is on its way: the list is checked again, the earlier answer not shown.
    fireEvent.change(column, { target: { value: '2' } });
    fireEvent.click(button('listCheck'));
    expect(connector.plan).toHaveBeenLastCalledWith(2, ['https://x.example/']);
    act(() => connector.hear({ type: 'plan', ask: 1, plan: PLAN }));
    expect(screen.queryByRole('heading', { name: t('listPlanHeading') })).toBeNull();
    fireEvent.click(button('listFileRemove'));
    field();
  });

  it('offers the columns of pasted spreadsheet cells as a file\'s, the one of addresses chosen first', () => {
    const connector = renderPage();
    expect(screen.queryByRole('combobox', { name: t('listColumnLabel') })).toBeNull();
    fireEvent.input(field(), { target: { value: 'name\told\tnew\nA\thttps://old.example/a\thttps://new.example/a\nB\t\thttps://new.example/b\n' } });
    const column = screen.getByRole<HTMLSelectElement>('combobox', { name: t('listColumnLabel') });
    expect([...column.options].map((option) => option.textContent)).toEqual(['name', 'old', 'new']);
    expect(column.value).toBe('2');
    fireEvent.change(column, { target: { value: '1' } });
    fireEvent.click(button('listCheck'));
    expect(connector.plan).toHaveBeenLastCalledWith(1, ['https://old.example/a']);
    // One address a line again: no columns to choose.
    fireEvent.input(field(), { target: { value: 'https://a.example/\n' } });
    expect(screen.queryByRole('combobox', { name: t('listColumnLabel') })).toBeNull();
    expectNothingUntranslated();
  });

  it('says why a file or a list sends nothing: not text, too large, no address, too many', async () => {
    const connector = renderPage();
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d])], 'photo.txt'));
    await waitFor(() => expect(problem()).toBe(t('listNotText')));
    const huge = new File(['x'], 'huge.csv');
    Object.defineProperty(huge, 'size', { value: MAX_LIST_MEGABYTES * 1024 * 1024 + 1 });
    choose(huge);
    await waitFor(() => expect(problem()).toBe(t('listTooBig', MAX_LIST_MEGABYTES)));
    fireEvent.input(field(), { target: { value: 'Dear team,\nwww.example.com\n' } });
    fireEvent.click(button('listCheck'));
    expect(problem()).toBe(t('listNoAddress'));
    fireEvent.input(field(), { target: { value: Array.from({ length: 10_001 }, (_, index) => `https://e.example/${index}`).join('\n') } });
    fireEvent.click(button('listCheck'));
    expect(problem()).toBe(t('listTooMany', 10_001, 10_000));
    expect(connector.plan).not.toHaveBeenCalled();
    expectNothingUntranslated();
  });

  it("says the worker's refusal, with the way to the settings when only they can fix it; and a worker out of reach", () => {
    const connector = renderPage();
    fireEvent.input(field(), { target: { value: 'https://a.example/' } });
    fireEvent.click(button('listCheck'));
    act(() => connector.hear({ type: 'not-started', ask: 1, error: { kind: 'no-token', blank: false } }));
    expect(problem()).toBe(words.t('errorNoToken'));
    fireEvent.click(button('popupOpenSettings'));
    expect(connector.openSettings).toHaveBeenCalledTimes(1);
    act(() => connector.lose());
    expect(screen.getByRole('alert').textContent).toBe(t('listUnreachable'));
  });

  it('reads a file dropped anywhere on the page', async () => {
    const connector = renderPage();
    const file = new File(['https://d.example/\n'], 'dropped.txt', { type: 'text/plain' });
    fireEvent.dragOver(document, { dataTransfer: { types: ['Files'], files: [file] } });
    screen.getByText(t('listDropHere'));
    fireEvent.drop(document, { dataTransfer: { types: ['Files'], files: [file] } });
    await waitFor(() => expect(screen.getByTestId('list-file-name').textContent).toBe(t('listFileName', 'dropped.txt')));
    fireEvent.click(button('listCheck'));
    expect(connector.plan).toHaveBeenCalledWith(1, ['https://d.example/']);
  });

  it('keeps the page when a file is dropped on a screen that takes none (the run, the table): the browser does not open it instead', () => {
    const connector = renderPage();
    const file = new File(['https://d.example/\n'], 'dropped.txt', { type: 'text/plain' });
    for (const heard of [{ type: 'progress', progress: { id: 'list-1', paused: false, pace: PACE, addresses: 2, toShorten: 2, made: 1, fromHistory: 0, failed: 0 }, own: true }, { type: 'ended', run: RUN, own: true }] as const) {
      act(() => connector.hear(heard));
      const dragged = { types: ['Files'], files: [file] };
      const over = createEvent.dragOver(document, { dataTransfer: dragged });
      fireEvent(document, over);
      // The browser's own handling (opening the file here) prevented, and the cursor says no drop.
      expect([over.defaultPrevented, (over as DragEvent).dataTransfer?.dropEffect]).toEqual([true, 'none']);
      expect(fireEvent.drop(document, { dataTransfer: dragged })).toBe(false);
      expect(screen.queryByText(t('listDropHere'))).toBeNull();
    }
    expect(connector.plan).not.toHaveBeenCalled();
    // A drag of text, not of files, is the page's own.
    expect(fireEvent.drop(document, { dataTransfer: { types: ['text/plain'], files: [] } })).toBe(true);
  });
});
