import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pollWithin } from '../poll';
import { screenImage, type ScreenImage } from './screen-image';

const XVFB_MISSING = 'Xvfb not found: sudo apt-get install -y xvfb xauth xdotool';
const XDOTOOL_MISSING = 'xdotool not found: sudo apt-get install -y xvfb xauth xdotool';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export interface XvfbServer {
  /** e.g. ":99", for DISPLAY */
  display: string;
  /** What the screen shows now (Xvfb keeps its framebuffer in a file: -fbdir), to see what a key did to a native menu. */
  screen(): Promise<ScreenImage>;
  stop(): Promise<void>;
}

function isMissingBinary(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts a private X server (1280x800, 24-bit, no TCP, no key repeats) for headed Chromium.
 *
 * Why -displayfd instead of probing /tmp/.X11-unix and /tmp/.X<N>-lock for a free :N:
 * Xvfb then picks the free display number itself (it does the lock-file dance
 * atomically, so two test runs cannot race for the same number) and writes it to
 * the descriptor only once it accepts connections, which is exactly the
 * readiness signal we need, with no polling.
 */
export async function startXvfb(): Promise<XvfbServer> {
  // -fbdir: the screen's memory is a file there (XWD), read by screen(). -r: no key repeats (Xserver(1)). The server
  // repeats a key still down after 660 ms, and on a loaded machine xdotool's release can reach it later than that:
  // the Return that chose a menu item was pressed again in the page, and added a DIV to the editable block
  // right-clicked (hostile-pages.test.ts, in a full run). A key sent is pressed once.
  const framebuffer = await mkdtemp(join(tmpdir(), 'xvfb-screen-'));
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp', '-r', '-fbdir', framebuffer], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });

  const displayNumber = await new Promise<string>((resolve, reject) => {
    let written = '';
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      void rm(framebuffer, { recursive: true, force: true });
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new Error(`Xvfb did not report a display within ${START_TIMEOUT_MS} ms. stderr: ${stderr}`)),
      START_TIMEOUT_MS,
    );
    child.once('error', (error) => fail(isMissingBinary(error) ? new Error(XVFB_MISSING) : error));
    child.once('exit', (code, signal) =>
      fail(new Error(`Xvfb exited early (code ${code}, signal ${signal}). stderr: ${stderr}`)),
    );
    const fd3 = child.stdio[3];
    if (fd3 === null || fd3 === undefined || !('setEncoding' in fd3)) {
      fail(new Error('could not open the pipe for Xvfb -displayfd'));
      return;
    }
    fd3.setEncoding('utf8');
    fd3.on('data', (chunk: string) => {
      written += chunk;
      if (!written.includes('\n')) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(written.trim());
    });
  });

  return {
    display: `:${displayNumber}`,
    screen: async () => screenImage(await readFile(join(framebuffer, 'Xvfb_screen0'))),
    async stop() {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_TIMEOUT_MS);
      }
      await rm(framebuffer, { recursive: true, force: true });
    },
  };
}

/** Runs `xdotool ...args` against the given X display and returns its trimmed stdout. */
export function xdotool(display: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('xdotool', args, { env: { ...process.env, DISPLAY: display }, timeout: 30_000 }, (error, stdout) => {
      if (error === null) {
        resolve(stdout.trim());
      } else if (isMissingBinary(error)) {
        reject(new Error(XDOTOOL_MISSING));
      } else {
        // error.message already carries xdotool's stderr ("Command failed: ...").
        reject(new Error(`xdotool on DISPLAY=${display}: ${error.message.trim()}`));
      }
    });
  });
}

/** Ids of the windows currently mapped (visible) on the display. */
export async function visibleWindowIds(display: string): Promise<string[]> {
  // `search` exits 1 when nothing matches; an empty screen is not an error here.
  const output = await xdotool(display, 'search', '--onlyvisible', '--name', '').catch((error: unknown) => {
    if (error instanceof Error && error.message.includes('xdotool not found')) throw error;
    return '';
  });
  return output.split('\n').filter((id) => id !== '');
}

/**
 * Runs `open` (e.g. a Playwright right-click) and waits until a new window is mapped on
 * the display, which is how Chromium's native context menu shows up under Xvfb: a new
 * unnamed override-redirect window (no window manager runs here). Returns its id; keys
 * sent with xdotool afterwards go to the menu, which grabs the keyboard. `pick` tells the
 * menu among the windows new since (another may come with it), once it is there.
 */
export async function openNativeMenu(
  display: string,
  open: () => Promise<void>,
  {
    timeoutMs,
    pick,
    reached,
  }: {
    timeoutMs: number;
    pick: (fresh: string[]) => Promise<string | undefined>;
    /** Whether the page saw the last `open` (its contextmenu event): one it never saw, with no window come, is made again, once. */
    reached?: () => Promise<boolean>;
  },
): Promise<string> {
  // The real pointer out of the menu's way (a corner the page's right-clicks never open a menu over): a menu
  // that opens under it highlights the item there, and keys then walk from that item, not from the menu's end.
  const [, height = '800'] = (await xdotool(display, 'getdisplaygeometry')).split(' ');
  await xdotool(display, 'mousemove', '0', String(Number(height) - 1));
  const before = new Set(await visibleWindowIds(display));
  let fresh: string[] = [];
  const menuOpened = async (): Promise<string | undefined> => {
    await open();
    return pollWithin(async () => pick((fresh = (await visibleWindowIds(display)).filter((id) => !before.has(id)))), { timeoutMs });
  };
  let menu = await menuOpened();
  // A click the page never saw was lost on its way, as a key can be on a loaded machine (once, in Firefox, a right-click on a
  // selection opened nothing): made again. One it saw that opened no menu is the browser's answer, and fails. Asked only
  // with no window come: Chromium's open menu holds the page's script until it closes.
  const nothingCame = () => menu === undefined && fresh.length === 0;
  let pageSaw: boolean | undefined;
  if (nothingCame() && reached !== undefined) {
    pageSaw = await reached();
    if (!pageSaw) {
      // Said, so a run's log shows how often it happens.
      console.warn(`A right-click the page never saw opened no menu on ${display} within ${timeoutMs} ms: made again.`);
      menu = await menuOpened();
      if (nothingCame()) pageSaw = await reached();
    }
  }
  if (menu !== undefined) return menu;
  // What was on the screen instead, to tell a right-click that opened nothing from a menu not taken for one.
  const seen = await Promise.all(fresh.map(async (id) => `${id} (${(await xdotool(display, 'getwindowgeometry', id).catch(() => 'gone')).replace(/^Window \d+\s*/, '').replace(/\s+/g, ' ')})`));
  const focused = await xdotool(display, 'getwindowfocus', 'getwindowname').catch(() => 'none');
  const page = pageSaw === undefined ? '' : pageSaw ? '; the page saw the right-click' : '; the page never saw the right-click, made twice';
  throw new Error(
    `No native menu window appeared on ${display} within ${timeoutMs} ms: ${seen.length === 0 ? 'no window was new' : `new, and none of them the menu: ${seen.join('; ')}`}; the focused window was ${JSON.stringify(focused)}${page}.`,
  );
}
