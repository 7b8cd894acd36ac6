import { pollUntil } from '../poll';
import type { Rgb, ScreenImage } from './screen-image';
import { visibleWindowIds, xdotool, type XvfbServer } from './xvfb';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many Up keys a walk may take: a context menu has fewer items, twice round included. */
const MOST_KEYS = 40;
/** How long a key may take to show on the menu before it counts as lost and is sent again. */
const KEY_SHOWN_MS = 1_500;

/**
 * Chooses, in a native context menu (Chromium's or Firefox's) open on the
 * display, the item that carries the extension's icon, with real keys, and
 * checks each step on the screen rather than trusting a count of keys:
 * - the menu is walked with Up from the bottom, one key at a time; a key the
 *   menu did not show (a key sent as it opens can be lost: "Up Up Return"
 *   once chose "Inspect") is sent again;
 * - Return goes only once the highlighted row is the icon's row;
 * - the menu must then close.
 * Keys go to the focused window, which must be the browser's (Firefox's
 * menu takes keys from it; Chromium's grabs them).
 */
export async function chooseIconItem(xvfb: XvfbServer, menuWindow: string, icon: Rgb): Promise<void> {
  const box = await windowBox(xvfb.display, menuWindow);
  // Painted once the icon shows.
  const iconY = await pollUntil(async () => iconRow(await xvfb.screen(), box, icon), {
    timeoutMs: 5_000,
    failure: `The menu ${menuWindow} never showed the extension's icon.`,
  });
  const first = await xvfb.screen();
  const background = commonest(first, box);
  // A column right of every row's words: a row's highlight shows there, its text never does.
  const probeX = box.x + box.width - 10;
  const column = (screen: ScreenImage) => Array.from({ length: box.height }, (_, row) => screen.pixel(probeX, box.y + row).join(',')).join(' ');
  const oursHighlighted = (screen: ScreenImage) => !same(screen.pixel(probeX, iconY), background);
  let shown = column(first);
  for (let keys = 0; keys < MOST_KEYS; keys += 1) {
    if (oursHighlighted(await xvfb.screen())) {
      await xdotool(xvfb.display, 'key', 'Return');
      await pollUntil(async () => ((await visibleWindowIds(xvfb.display)).includes(menuWindow) ? undefined : true), {
        timeoutMs: 5_000,
        failure: `The menu ${menuWindow} stayed open after Return on the extension's item.`,
      });
      return;
    }
    await xdotool(xvfb.display, 'key', 'Up');
    const before = shown;
    shown = await pollUntil(async () => {
      const now = column(await xvfb.screen());
      return now === before ? undefined : now;
    }, { timeoutMs: KEY_SHOWN_MS, failure: 'lost' }).catch(() => before);
  }
  throw new Error(`${MOST_KEYS} Up keys never highlighted the extension's item in the menu ${menuWindow}.`);
}

async function windowBox(display: string, window: string): Promise<Box> {
  const shell = await xdotool(display, 'getwindowgeometry', '--shell', window);
  const value = (name: string) => Number(new RegExp(`^${name}=(\\d+)$`, 'm').exec(shell)?.[1] ?? Number.NaN);
  const box = { x: value('X'), y: value('Y'), width: value('WIDTH'), height: value('HEIGHT') };
  if (Object.values(box).some(Number.isNaN)) throw new Error(`No geometry for window ${window}: ${shell}`);
  return box;
}

/** The middle row of the icon's pixels in the menu's left part, where items' icons sit; undefined before it is painted. */
function iconRow(screen: ScreenImage, box: Box, icon: Rgb): number | undefined {
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
function commonest(screen: ScreenImage, box: Box): Rgb {
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
const same = (a: Rgb, b: Rgb) => a.every((channel, index) => Math.abs(channel - (b[index] ?? 0)) <= 8);
