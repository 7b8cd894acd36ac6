// What Chromium's list under the address bar shows on the screen (Xvfb's framebuffer, screen-image.ts): the bar
// that marks the chosen row, and the rows below it that show a link. Read by test/support/address-bar.ts to press
// its keys once what they act on is drawn: Chromium draws an extension's suggestions a while after it has them.
import type { Rgb, ScreenImage } from './screen-image';
import { same } from './menu-screen';

/** The bar at the list's left edge that marks the chosen row: its column, and the screen rows it spans. */
export interface ChosenBar {
  x: number;
  top: number;
  bottom: number;
}

/** The colour of that bar in Chromium's default light theme, read off its list here (Chromium 156, Xvfb). */
export const CHOSEN_BAR: Rgb = [11, 87, 208];
/** The bar, at its leftmost column, is as tall as its row (40 pixels here); no letter's stroke in the list is half as tall. */
const BAR_MIN_HEIGHT = 20;
/** How far right of the bar a row's words may go: a link starts some 55 pixels in. */
const ROW_WIDTH = 700;
/** A row of the list not chosen is pure white; the pages under it here are not (the demo pages' paper is 251,250,247). */
const isListWhite = (colour: Rgb) => colour.every((channel) => channel === 255);

/** The chosen row's bar: the leftmost run of its colour at least a bar tall, in the screen's upper left quarter. */
export function chosenBar(screen: ScreenImage, colour: Rgb = CHOSEN_BAR): ChosenBar | undefined {
  for (let x = 0; x < screen.width / 2; x += 1) {
    let runTop: number | undefined;
    for (let y = 0; y <= screen.height / 2; y += 1) {
      if (y < screen.height / 2 && same(screen.pixel(x, y), colour)) runTop ??= y;
      else if (runTop !== undefined) {
        if (y - runTop >= BAR_MIN_HEIGHT) return { x, top: runTop, bottom: y - 1 };
        runTop = undefined;
      }
    }
  }
  return undefined;
}

/** How many pixels apart the list's rows are: the height of the bar's leftmost column. */
export const rowPitch = (bar: ChosenBar): number => bar.bottom - bar.top + 1;

/** A link's blue, drawn smoothly: far more blue than red or green (a row's other words are grey). */
const isLinkBlue = ([red, green, blue]: Rgb) => blue >= 180 && blue - red >= 100 && blue - green >= 60;

/**
 * How many rows right below the chosen one, `first` (the line typed, at the top), the list draws with a link: rows
 * one pitch apart, each white at its left edge, as no page under the list is, and with a link's blue in its words.
 */
export function linkRowsBelow(screen: ScreenImage, first: ChosenBar): number {
  const pitch = rowPitch(first);
  const right = Math.min(screen.width, first.x + ROW_WIDTH);
  let rows = 0;
  for (let top = first.top + pitch; top + pitch <= screen.height; top += pitch) {
    if (!isListWhite(screen.pixel(first.x + 4, top + Math.floor(pitch / 2)))) break;
    let blue = false;
    for (let y = top; y < top + pitch && !blue; y += 1) {
      for (let x = first.x + 8; x < right && !blue; x += 1) blue = isLinkBlue(screen.pixel(x, y));
    }
    if (!blue) break;
    rows += 1;
  }
  return rows;
}

/** Which row the bar marks now, counted from `first` (0) down, or undefined while it sits between rows. */
export function chosenRow(bar: ChosenBar, first: ChosenBar): number | undefined {
  const offset = (bar.top - first.top) / rowPitch(first);
  return bar.x === first.x && Math.abs(offset - Math.round(offset)) < 0.1 ? Math.round(offset) : undefined;
}
