// @vitest-environment happy-dom
// The run's list at a window's size and at a thousand tabs. happy-dom lays
// nothing out: the heights the list measures are given here as Chromium lays
// them out (a row 41 px, the list 180 px high, a spacer its own height). The
// e2e test of a thousand-tab run (test/e2e/bulk-large.test.ts) scrolls the real one.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkItem } from '../messages/bulk-port';
import { BulkList, WINDOWED_FROM } from './bulk-list';

const ROW_PX = 41;
const heights = {
  offsetHeight(this: HTMLElement) {
    if (this.classList.contains('bulk-spacer')) return Number.parseFloat(this.style.height);
    return this.tagName === 'LI' ? ROW_PX : 0;
  },
  clientHeight(this: HTMLElement) {
    return this.tagName === 'OL' ? 180 : 0;
  },
};
beforeEach(() => {
  for (const [name, get] of Object.entries(heights)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get });
});
afterEach(() => {
  cleanup();
  for (const name of Object.keys(heights)) Reflect.deleteProperty(HTMLElement.prototype, name);
});

const items = (count: number): BulkItem[] =>
  Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { url: `https://example.com/${index}`, title: `Tab ${index + 1}`, status: { state: 'done', shortUrl: `https://s.test/${index}`, longUrl: `https://example.com/${index}`, fromHistory: false } }
      : { url: `https://example.com/${index}`, title: `Tab ${index + 1}`, status: { state: 'failed', error: { kind: 'unexpected-status', status: 500 } } },
  );
const statusText = (item: BulkItem): string => (item.status.state === 'done' ? item.status.shortUrl : `Failed: the server could not shorten ${item.url} and said why at some length`);

function renderList(count: number) {
  render(<BulkList items={items(count)} labelledBy="heading" status={statusText} statusText={statusText} />);
  return screen.getByRole('list');
}
const rows = () => screen.getAllByTestId('bulk-item');
/** The list's spacers (hidden from screen readers), by height. */
const spacers = (list: HTMLElement) => [...list.querySelectorAll('.bulk-spacer')].map((spacer) => ({ heightPx: Number.parseFloat((spacer as HTMLElement).style.height), hidden: spacer.getAttribute('aria-hidden') })).map(({ heightPx, hidden }) => (hidden === 'true' ? { heightPx } : { heightPx, hidden }));

describe('the tabs run list', () => {
  it('lists a window of fewer tabs whole: every row, each state in full, no tooltip', () => {
    renderList(WINDOWED_FROM - 1);
    expect(rows()).toHaveLength(WINDOWED_FROM - 1);
    expect(rows()[1]?.textContent).toContain('said why at some length');
    expect(rows()[1]?.querySelector('.bulk-status')?.getAttribute('title')).toBeNull();
    expect(rows()[0]?.hasAttribute('aria-setsize')).toBe(false);
  });

  it('at a thousand tabs renders only the rows in view and a few more, and says each row\'s place in the whole', () => {
    const list = renderList(1_000);
    expect(rows().length).toBeLessThan(30);
    expect(rows()[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(rows()[0]?.getAttribute('aria-setsize')).toBe('1000');
    expect(list.getAttribute('start')).toBe('1');
    // The rows not rendered keep their room: the list scrolls as if all were there.
    expect(spacers(list)).toEqual([{ heightPx: (1_000 - rows().length) * ROW_PX }]);
    // A windowed row shows its state on one line: the whole state is its tooltip.
    expect(rows()[1]?.querySelector('.bulk-status')?.getAttribute('title')).toBe(statusText(items(2)[1] as BulkItem));
  });

  it('scrolled half-way, shows the rows there, numbered as in the whole list', () => {
    const list = renderList(1_000);
    Object.defineProperty(list, 'scrollTop', { value: 500 * ROW_PX, configurable: true });
    fireEvent.scroll(list);
    const places = rows().map((row) => Number(row.getAttribute('aria-posinset')));
    expect(places).toContain(501);
    expect(places.every((place) => place > 480 && place < 530)).toBe(true);
    expect(list.getAttribute('start')).toBe(String(places[0]));
    expect(rows().find((row) => row.getAttribute('aria-posinset') === '501')?.textContent).toContain('Tab 501');
    expect(spacers(list)[0]).toEqual({ heightPx: ((places[0] ?? 0) - 1) * ROW_PX });
    expect(spacers(list)).toHaveLength(2);
  });

  it('marks its first render for the benchmark, once, not at each scroll or change of the run', () => {
    const mark = vi.spyOn(performance, 'mark');
    const list = renderList(1_000);
    Object.defineProperty(list, 'scrollTop', { value: 300 * ROW_PX, configurable: true });
    fireEvent.scroll(list);
    render(<BulkList items={items(999)} labelledBy="heading" status={statusText} statusText={statusText} />, { container: list.parentElement ?? undefined });
    expect(mark.mock.calls.map(([name]) => name)).toEqual(['shrtnr:popup-run-list-shown']);
    mark.mockRestore();
  });
});
