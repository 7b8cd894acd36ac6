import { visibleWindowIds, xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil } from '../../tooling/poll';

// A question the worker asks by a notification (src/background/delivery/question.ts), as Chromium
// shows it under Xvfb, and answered with the real pointer.

/** An X window's place and size on the screen. */
export interface Box {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an X window is now, or undefined once it is gone. */
async function windowBox(xvfb: XvfbServer, id: string): Promise<Box | undefined> {
  const shell = await xdotool(xvfb.display, 'getwindowgeometry', '--shell', id).catch(() => '');
  const value = (name: string) => Number(new RegExp(`^${name}=(\\d+)$`, 'm').exec(shell)?.[1] ?? Number.NaN);
  const box = { id, x: value('X'), y: value('Y'), width: value('WIDTH'), height: value('HEIGHT') };
  return Number.isNaN(box.x) ? undefined : box;
}

/**
 * The question's notification, as Chromium shows it under Xvfb (its own
 * message centre: a window at the screen's bottom right), once it has come
 * and stopped moving: a window new since `before`, as tall as a notification
 * with a button row.
 */
export async function questionWindow(xvfb: XvfbServer, before: Set<string>): Promise<Box> {
  let last = '';
  return pollUntil(
    async () => {
      for (const id of (await visibleWindowIds(xvfb.display)).filter((window) => !before.has(window))) {
        const box = await windowBox(xvfb, id);
        if (box === undefined || !(box.height >= 130)) continue;
        // The same place twice in a row: it has slid in.
        const seen = JSON.stringify(box);
        if (seen === last) return box;
        last = seen;
      }
      return undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, failure: 'No question was shown.' },
  );
}

/**
 * A real click at a point of the question's window, which then goes (it is
 * answered, and taken down): a click the window did not take yet (it may still
 * be coming in) is made again, at most three times, where the window is then.
 * A click taken goes within a second on an idle machine; 10 s, not 3, before
 * the next, for a loaded one (in a full run at load 20 the window outlasted
 * three clicks 3 s apart, each at the place it had when it first stood still).
 */
export async function clickAnswer(xvfb: XvfbServer, box: Box, x: number, y: number): Promise<void> {
  for (let tries = 0; tries < 3; tries += 1) {
    // Where the window is now: on a loaded machine it can still be sliding in after it seemed to stand still.
    const now = await windowBox(xvfb, box.id);
    if (now === undefined) {
      if (tries === 0) throw new Error('The question went before it was clicked.');
      return;
    }
    await xdotool(xvfb.display, 'mousemove', String(now.x + x), String(now.y + y), 'click', '1');
    const gone = async () => ((await visibleWindowIds(xvfb.display)).includes(box.id) ? undefined : true);
    if (await pollUntil(gone, { timeoutMs: 10_000, failure: 'still there' }).catch(() => false)) return;
  }
  throw new Error('The question stayed on screen after three clicks.');
}
