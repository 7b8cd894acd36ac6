// What a native menu window shows on the screen (Xvfb's framebuffer, screen-image.ts): its box, its
// own colour, its highlighted row, the row of the extension's icon. The walk with keys: native-menu.ts.
import type { Rgb, ScreenImage } from './screen-image';
import { xdotool } from './xvfb';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A highlighted row of a menu window: where it starts, and how tall it is. */
export interface Row {
  top: number;
  height: number;
}

/** A highlighted row is at least this tall; a menu's border or a separator is thinner. */
export const ROW_MIN_HEIGHT = 8;

/**
 * Whether a highlighted row can be the first of a menu opened with the keyboard (both browsers highlight it):
 * at the top, within a row's height of the window's edge, with the menu's own colour above and below it. A run
 * lower down, or one that fills the window, is a window not painted yet, showing what was under it.
 */
export function isFirstRow(row: Row, box: Box): boolean {
  return row.top > box.y && row.top - box.y <= row.height && row.top + row.height < box.y + box.height;
}

/** A column right of every row's words and arrows: a row's highlight shows there, its text never does. */
export const probeX = (box: Box) => box.x + box.width - 10;

/** A menu window's highlighted row: the tallest run of its probe column not in the menus' own colour. */
export function highlighted(screen: ScreenImage, box: Box, background: Rgb): Row | undefined {
  let best: Row | undefined;
  let runTop: number | undefined;
  for (let y = box.y; y <= box.y + box.height; y += 1) {
    const inRun = y < box.y + box.height && !same(screen.pixel(probeX(box), y), background);
    if (inRun) runTop ??= y;
    else if (runTop !== undefined) {
      if (y - runTop >= ROW_MIN_HEIGHT && y - runTop > (best?.height ?? 0)) best = { top: runTop, height: y - runTop };
      runTop = undefined;
    }
  }
  return best;
}

export async function windowBox(display: string, window: string): Promise<Box> {
  const shell = await xdotool(display, 'getwindowgeometry', '--shell', window);
  const value = (name: string) => Number(new RegExp(`^${name}=(\\d+)$`, 'm').exec(shell)?.[1] ?? Number.NaN);
  const box = { x: value('X'), y: value('Y'), width: value('WIDTH'), height: value('HEIGHT') };
  if (Object.values(box).some(Number.isNaN)) throw new Error(`No geometry for window ${window}: ${shell}`);
  return box;
}

/** The middle row of the icon's pixels in the menu's left part, where items' icons sit; undefined before it is painted. */
export function iconRow(screen: ScreenImage, box: Box, icon: Rgb): number | undefined {
  const rows: number[] = [];
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + Math.min(box.width, 80); x += 1) {
      if (same(screen.pixel(x, y), icon)) {
        rows.push(y);
        break;
      }
    }
  }
  return rows.length === 0 ? undefined : Math.round(((rows[0] ?? 0) + (rows.at(-1) ?? 0)) / 2);
}

/** The menu's own colour: the one most of it shows. */
export function commonest(screen: ScreenImage, box: Box): Rgb {
  const counts = new Map<string, number>();
  for (let y = box.y; y < box.y + box.height; y += 3) {
    for (let x = box.x; x < box.x + box.width; x += 3) {
      const key = screen.pixel(x, y).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [key = '0,0,0'] = [...counts].toSorted((a, b) => b[1] - a[1])[0] ?? [];
  return key.split(',').map(Number) as unknown as Rgb;
}

// Within a few levels a channel: the same colour, drawn smoothly.
export const same = (a: Rgb, b: Rgb) => a.every((channel, index) => Math.abs(channel - (b[index] ?? 0)) <= 8);
