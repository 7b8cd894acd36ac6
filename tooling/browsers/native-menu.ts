import { pollUntil, pollWithin } from '../poll';
import { commonest, highlighted, iconRow, isFirstRow, probeX, ROW_MIN_HEIGHT, same, windowBox, type Box, type Row } from './menu-screen';
import type { Rgb, ScreenImage } from './screen-image';
import { visibleWindowIds, xdotool, type XvfbServer } from './xvfb';

/** A menu window open on the screen, and its first highlighted row (a submenu's, as it opened). */
interface OpenMenu {
  window: string;
  box: Box;
  first: Row;
}

/** How many steps (keys sent, late moves seen) a walk may take: a context menu has fewer items, twice round included. */
const MOST_KEYS = 40;
/** How long a key may take to show on the menu before it counts as lost and is sent again. */
const KEY_SHOWN_MS = 1_500;

/**
 * Chooses, in a native context menu (Chromium's or Firefox's) open on the
 * display, the extension's item, with real keys, and checks each step on the
 * screen rather than trusting a count of keys:
 * - the menu is walked with Up from the bottom, one key at a time, to the row
 *   that carries the extension's icon; a key the menu did not show (a key sent
 *   as it opens can be lost: "Up Up Return" once chose "Inspect") is sent again,
 *   and as a key counted lost may only be slow, a row reached after one is
 *   taken only once nothing has moved the highlight for another KEY_SHOWN_MS
 *   (a key later still is not caught);
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
    timeoutMs: 30_000,
    failure: `The menu ${menuWindow} never showed the extension's icon.`,
  });
  const first = await xvfb.screen();
  // The menus' own colour, the same in a submenu: any other in a row's far right is its highlight.
  const look = { background: commonest(first, box) };
  const column = (screen: ScreenImage) => Array.from({ length: box.height }, (_, row) => screen.pixel(probeX(box), box.y + row).join(',')).join(' ');
  let shown = column(first);
  const changed = async () => {
    const now = column(await xvfb.screen());
    return now === shown ? undefined : now;
  };
  // Set once a key counted lost is sent again: it may only have been slow, and move the highlight yet.
  let mayOwe = false;
  // Each key sent and each late move seen is a step: a walk that never settles ends too.
  for (let steps = 0; ; steps += 1) {
    const onItem = !same((await xvfb.screen()).pixel(probeX(box), iconY), look.background);
    // After a resend, taken only once nothing moved for as long as a key is given to show.
    const late = onItem && mayOwe ? await pollWithin(changed, { timeoutMs: KEY_SHOWN_MS }) : undefined;
    if (onItem && late === undefined) break;
    if (steps >= MOST_KEYS) throw new Error(`${MOST_KEYS} steps (Up keys and late moves) never settled on the extension's item in the menu ${menuWindow}.`);
    if (late !== undefined) {
      shown = late;
      continue;
    }
    const now = await keyShown(xvfb, 'Up', changed);
    if (now === undefined) mayOwe = true;
    else shown = now;
  }
  const menus = [menuWindow];
  for (const index of path) {
    const submenu = await openSubmenu(xvfb, menus, look.background);
    menus.push(submenu.window);
    await highlightRow(xvfb, submenu, index, look.background);
  }
  await xdotool(xvfb.display, 'key', 'Return');
  await pollUntil(async () => ((await visibleWindowIds(xvfb.display)).some((window) => menus.includes(window)) ? undefined : true), {
    timeoutMs: 30_000,
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
        if (first === undefined || !isFirstRow(first, box)) continue;
        // Painted: the same row on the next look. Once, on a loaded machine, a band at the foot of a submenu
        // not yet painted whole was taken for its first row, and every key after was counted from there.
        const again = highlighted(await xvfb.screen(), box, background);
        if (again?.top === first.top && again.height === first.height) return { window, box, first };
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
  const movedFrom = (from: number) => async () => {
    const row = highlighted(await xvfb.screen(), submenu.box, background);
    return row === undefined || row.top === from ? undefined : row.top;
  };
  // As in chooseIconItem: once a key was sent again, the row is taken only once nothing moved it for KEY_SHOWN_MS.
  let mayOwe = false;
  for (let steps = 0; ; steps += 1) {
    const onRow = rowAt(at) === index;
    const late = onRow && mayOwe ? await pollWithin(movedFrom(at), { timeoutMs: KEY_SHOWN_MS }) : undefined;
    if (onRow && late === undefined) break;
    if (steps >= MOST_KEYS) {
      const geometry = `its box ${JSON.stringify(submenu.box)}, first row at ${start} (${submenu.first.height} px), a step ${step} px`;
      throw new Error(`${MOST_KEYS} steps (keys and late moves) never settled on row ${index} of the submenu ${submenu.window}: ${geometry}; seen after each: ${seen.join(' ')}.`);
    }
    if (late !== undefined) {
      seen.push(`${late} (late)`);
      at = late;
      continue;
    }
    const from = at;
    const moved = await keyShown(xvfb, rowAt(at) < index ? 'Down' : 'Up', movedFrom(from));
    seen.push(moved === undefined ? '-' : String(moved));
    if (moved === undefined) {
      mayOwe = true;
      continue;
    }
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
