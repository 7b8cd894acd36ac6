import { pollUntil, pollWithin } from '../poll';
import type { Rgb, ScreenImage } from './screen-image';
import { visibleWindowIds, xdotool, type XvfbServer } from './xvfb';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A highlighted row of a menu window: where it starts, and how tall it is. */
interface Row {
  top: number;
  height: number;
}

/** A menu window open on the screen, and its first highlighted row (a submenu's, as it opened). */
interface OpenMenu {
  window: string;
  box: Box;
  first: Row;
}

/** How many keys a walk may take: a context menu has fewer items, twice round included. */
const MOST_KEYS = 40;
/** How long a key may take to show on the menu before it counts as lost and is sent again. */
const KEY_SHOWN_MS = 1_500;
/** A highlighted row is at least this tall; a menu's border or a separator is thinner. */
const ROW_MIN_HEIGHT = 8;

/**
 * Chooses, in a native context menu (Chromium's or Firefox's) open on the
 * display, the extension's item, with real keys, and checks each step on the
 * screen rather than trusting a count of keys:
 * - the menu is walked with Up from the bottom, one key at a time, to the row
 *   that carries the extension's icon; a key the menu did not show (a key sent
 *   as it opens can be lost: "Up Up Return" once chose "Inspect") is sent again;
 * - with a `path`, that row is the extension's submenu (both browsers group an
 *   extension's items there when it has more than one for what was
 *   right-clicked): Right opens it, seen as a new menu window with its first
 *   row highlighted, and Down highlights the row at the path's next index (0
 *   the first, in the order the extension created its items); a further index
 *   opens that row's submenu the same way;
 * - Return goes only once the screen shows the icon's row, or the path's
 *   last, highlighted;
 * - every menu must then close (Return on a submenu's row would open it).
 * Keys go to the focused window, which must be the browser's (Firefox's
 * menu takes keys from it; Chromium's grabs them).
 */
export async function chooseIconItem(xvfb: XvfbServer, menuWindow: string, icon: Rgb, path: readonly number[] = []): Promise<void> {
  const box = await windowBox(xvfb.display, menuWindow);
  // Painted once the icon shows.
  const iconY = await pollUntil(async () => iconRow(await xvfb.screen(), box, icon), {
    timeoutMs: 5_000,
    failure: `The menu ${menuWindow} never showed the extension's icon.`,
  });
  const first = await xvfb.screen();
  // The menus' own colour, the same in a submenu: any other in a row's far right is its highlight.
  const look = { background: commonest(first, box) };
  const column = (screen: ScreenImage) => Array.from({ length: box.height }, (_, row) => screen.pixel(probeX(box), box.y + row).join(',')).join(' ');
  let shown = column(first);
  for (let keys = 0; same((await xvfb.screen()).pixel(probeX(box), iconY), look.background); keys += 1) {
    if (keys === MOST_KEYS) throw new Error(`${MOST_KEYS} Up keys never highlighted the extension's item in the menu ${menuWindow}.`);
    const before = shown;
    shown = (await keyShown(xvfb, 'Up', async () => {
      const now = column(await xvfb.screen());
      return now === before ? undefined : now;
    })) ?? before;
  }
  const menus = [menuWindow];
  for (const index of path) {
    const submenu = await openSubmenu(xvfb, menus, look.background);
    menus.push(submenu.window);
    await highlightRow(xvfb, submenu, index, look.background);
  }
  await xdotool(xvfb.display, 'key', 'Return');
  await pollUntil(async () => ((await visibleWindowIds(xvfb.display)).some((window) => menus.includes(window)) ? undefined : true), {
    timeoutMs: 5_000,
    failure: `The menu ${menus.join(' > ')} stayed open after Return on the extension's item.`,
  });
}

/** Right on the highlighted row, until its submenu shows: a menu window that was not open, its first row highlighted. */
async function openSubmenu(xvfb: XvfbServer, open: readonly string[], background: Rgb): Promise<OpenMenu> {
  const before = new Set(await visibleWindowIds(xvfb.display));
  for (let keys = 0; keys < 3; keys += 1) {
    const opened = await keyShown(xvfb, 'Right', async () => {
      for (const window of (await visibleWindowIds(xvfb.display)).filter((id) => !before.has(id))) {
        const box = await windowBox(xvfb.display, window).catch(() => undefined);
        // Firefox maps a window of one pixel beside its menus.
        if (box === undefined || box.width < 50 || box.height < ROW_MIN_HEIGHT) continue;
        const first = highlighted(await xvfb.screen(), box, background);
        if (first !== undefined) return { window, box, first };
      }
      return undefined;
    });
    if (opened !== undefined) return opened;
  }
  throw new Error(`Right never opened a submenu of the highlighted row of ${open.join(' > ')}.`);
}

/**
 * Down (or Up) until the submenu's row at `index` is highlighted, each key seen on the screen. A row is
 * told by how far the highlight moved from the first, in rows of the step one key makes, learnt at the
 * first move: a key sent again as lost and then taken with the first moves two rows, and is seen as two.
 */
async function highlightRow(xvfb: XvfbServer, submenu: OpenMenu, index: number, background: Rgb): Promise<void> {
  const start = submenu.first.top;
  let step = submenu.first.height;
  let learnt = false;
  let at = start;
  const rowAt = (top: number) => Math.round((top - start) / step);
  // Where the highlight was seen after each key (- for a key that moved nothing): the failure says it.
  const seen: string[] = [];
  for (let keys = 0; rowAt(at) !== index; keys += 1) {
    if (keys === MOST_KEYS) {
      const geometry = `its box ${JSON.stringify(submenu.box)}, first row at ${start} (${submenu.first.height} px), a step ${step} px`;
      throw new Error(`${MOST_KEYS} keys never highlighted row ${index} of the submenu ${submenu.window}: ${geometry}; seen after each key: ${seen.join(' ')}.`);
    }
    const from = at;
    const moved = await keyShown(xvfb, rowAt(at) < index ? 'Down' : 'Up', async () => {
      const row = highlighted(await xvfb.screen(), submenu.box, background);
      return row === undefined || row.top === from ? undefined : row.top;
    });
    seen.push(moved === undefined ? '-' : String(moved));
    if (moved === undefined) continue;
    if (!learnt) {
      step = Math.abs(moved - from) / Math.max(1, Math.round(Math.abs(moved - from) / submenu.first.height));
      learnt = true;
    }
    at = moved;
  }
}

/** Sends `key`, then waits a while for `shown` to see what it did: undefined if it never did (a key lost). */
async function keyShown<T>(xvfb: XvfbServer, key: string, shown: () => Promise<T | undefined>): Promise<T | undefined> {
  await xdotool(xvfb.display, 'key', key);
  return pollWithin(shown, { timeoutMs: KEY_SHOWN_MS });
}

/** A column right of every row's words and arrows: a row's highlight shows there, its text never does. */
const probeX = (box: Box) => box.x + box.width - 10;

/** A menu window's highlighted row: the tallest run of its probe column not in the menus' own colour. */
function highlighted(screen: ScreenImage, box: Box, background: Rgb): Row | undefined {
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
