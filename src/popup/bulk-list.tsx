import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { BulkItem } from '../messages/bulk-port';

/** From this many tabs only the rows in view are in the page: a thousand rows took the popup a frame of over 100 ms to lay out, at every change of the run. */
export const WINDOWED_FROM = 200;
/** Rows kept either side of the ones in view, so a quick scroll shows rows, not a gap. */
const OVERSCAN = 8;
/** Until a row is measured (rows are two lines high, in em: the figure depends on the font). */
const ROW_GUESS_PX = 40;
/** The list's height in rows, until it is measured (its max-height is in bulk-panel.css). */
const VIEW_GUESS_ROWS = 6;

export interface BulkListProps {
  items: readonly BulkItem[];
  labelledBy: string;
  /** A tab's state in words. */
  status(item: BulkItem): ComponentChildren;
  /** The same, as plain text: the tooltip of a windowed row, whose state shows on one line. */
  statusText(item: BulkItem): string;
}

/**
 * The run's tabs, numbered in tab order, each with where it stands. A window
 * of fewer than WINDOWED_FROM tabs is listed whole, each state in full. A
 * larger one is windowed: each row is one line of title and one of state (the
 * whole state in its tooltip, and in the page for a screen reader), only the
 * rows in view are rendered, spacers keep the rest of the list's height so it
 * scrolls as if all were there, and each row says its place and the list's size.
 */
export function BulkList({ items, labelledBy, status, statusText }: BulkListProps) {
  const list = useRef<HTMLOListElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [rowPx, setRowPx] = useState(ROW_GUESS_PX);
  const [viewPx, setViewPx] = useState(ROW_GUESS_PX * VIEW_GUESS_ROWS);
  const windowed = items.length >= WINDOWED_FROM;
  // What `npm run bench` measures on a running run: the popup's click to this, the list's first render.
  useLayoutEffect(() => {
    performance.mark('shrtnr:popup-run-list-shown');
  }, []);
  useLayoutEffect(() => {
    const row = list.current?.querySelector('li:not(.bulk-spacer)');
    if (!windowed || list.current === null || !(row instanceof HTMLElement)) return;
    if (row.offsetHeight > 0 && row.offsetHeight !== rowPx) setRowPx(row.offsetHeight);
    if (list.current.clientHeight > 0 && list.current.clientHeight !== viewPx) setViewPx(list.current.clientHeight);
  });
  const first = windowed ? Math.min(items.length, Math.max(0, Math.floor(scrollTop / rowPx) - OVERSCAN)) : 0;
  const end = windowed ? Math.min(items.length, Math.ceil((scrollTop + viewPx) / rowPx) + OVERSCAN) : items.length;

  return (
    // It scrolls (a long window): focusable, so a keyboard can scroll it too.
    <ol
      ref={list}
      class={windowed ? 'bulk-list windowed' : 'bulk-list'}
      tabIndex={0}
      aria-labelledby={labelledBy}
      start={first + 1}
      onScroll={windowed ? (event) => setScrollTop(event.currentTarget.scrollTop) : undefined}
    >
      {first > 0 && <Spacer heightPx={first * rowPx} />}
      {items.slice(first, end).map((item, offset) => (
        <li
          key={first + offset}
          data-testid="bulk-item"
          data-state={item.status.state}
          {...(windowed ? { 'aria-posinset': first + offset + 1, 'aria-setsize': items.length } : {})}
        >
          <span class="bulk-title" title={item.url}>
            {item.title ?? item.url}
          </span>
          <span class="bulk-status" title={windowed ? statusText(item) : undefined}>
            {status(item)}
          </span>
        </li>
      ))}
      {end < items.length && <Spacer heightPx={(items.length - end) * rowPx} />}
    </ol>
  );
}

/**
 * The room of rows not rendered. Inside the list, as it must be to scroll it:
 * padding on the list would grow its box past its max-height instead. Not a
 * list item to the eye (no marker, no number: the list's `start` numbers the
 * rows) nor to a screen reader.
 */
function Spacer({ heightPx }: { heightPx: number }) {
  return <li class="bulk-spacer" aria-hidden="true" style={{ height: `${heightPx}px` }} />;
}
