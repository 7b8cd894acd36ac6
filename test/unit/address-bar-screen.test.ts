import { describe, expect, it } from 'vitest';
import { chosenBar, chosenRow, linkRowsBelow } from '../../tooling/browsers/address-bar-screen';
import type { Rgb, ScreenImage } from '../../tooling/browsers/screen-image';

// Chromium's list under the address bar as seen here: rows of 40 pixels from y = 85, a bar of 11,87,208 three pixels
// wide at x = 115 on the chosen one, links drawn in 21,94,210 some 55 pixels right of it, on the demo page's paper.
const PAPER: Rgb = [251, 250, 247];
const WHITE: Rgb = [255, 255, 255];
const CHOSEN_GREY: Rgb = [242, 242, 242];
const BAR: Rgb = [11, 87, 208];
const LINK: Rgb = [21, 94, 210];
const GREY_WORDS: Rgb = [31, 31, 31];

/** The top of the list's row `row` (0: the line typed). */
const top = (row: number) => 85 + row * 40;

/** The screen with a list of `rows` rows (the typed line first), `chosen` marked, and a link in each of `links`; a blue link of the page below. */
function screenWith(rows: number, chosen: number, links: readonly number[]): ScreenImage {
  return {
    width: 1280,
    height: 800,
    pixel(x, y) {
      const row = Math.floor((y - 85) / 40);
      const inList = y >= 85 && row < rows && x >= 115 && x < 1130;
      if (!inList) return y >= 250 && y < 262 && x >= 320 && x < 400 ? LINK : PAPER;
      const inRow = y - top(row);
      if (row === chosen && x < 118) return BAR;
      if (inRow >= 14 && inRow < 26 && x >= 171 && x < 380) return links.includes(row) ? LINK : GREY_WORDS;
      return row === chosen ? CHOSEN_GREY : WHITE;
    },
  };
}

describe("the address bar's list read off the screen", () => {
  it('finds the chosen row by its bar, and counts the rows of links drawn right below the line typed', () => {
    const screen = screenWith(4, 0, [1, 2, 3]);
    const bar = chosenBar(screen);
    expect(bar).toEqual({ x: 115, top: 85, bottom: 124 });
    expect(bar && linkRowsBelow(screen, bar)).toBe(3);
  });

  it('counts no suggestion before Chromium draws them, and none of the page under a list of one row, even a link', () => {
    const screen = screenWith(1, 0, []);
    const bar = chosenBar(screen);
    expect(bar && linkRowsBelow(screen, bar)).toBe(0);
    expect(chosenBar({ width: 1280, height: 800, pixel: () => PAPER })).toBeUndefined();
  });

  it('stops at the first row without a link', () => {
    const screen = screenWith(4, 0, [1, 3]);
    const bar = chosenBar(screen);
    expect(bar && linkRowsBelow(screen, bar)).toBe(1);
  });

  it('says which row the bar moved to, counted from the line typed', () => {
    const first = chosenBar(screenWith(4, 0, [1, 2, 3]));
    const third = chosenBar(screenWith(4, 3, [1, 2, 3]));
    expect(first && third && chosenRow(third, first)).toBe(3);
    expect(first && chosenRow({ ...first, top: first.top + 20, bottom: first.bottom + 20 }, first)).toBeUndefined();
  });
});
