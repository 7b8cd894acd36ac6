import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { chooseIconItem } from '../../tooling/browsers/native-menu';
import type { Rgb } from '../../tooling/browsers/screen-image';
import { openNativeMenu, xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';

/**
 * The colour most of the extension's menu icon shows (its tile), read from
 * the build the browser loaded: how its item is told from the others in a
 * native menu on the screen.
 */
export function menuIconColour(distDir: string): Rgb {
  const icon = PNG.sync.read(readFileSync(join(distDir, 'icons/icon-16.png')));
  const counts = new Map<string, number>();
  for (let at = 0; at < icon.data.length; at += 4) {
    if ((icon.data[at + 3] ?? 0) < 255) continue;
    const key = [icon.data[at], icon.data[at + 1], icon.data[at + 2]].join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key = ''] = [...counts].toSorted((a, b) => b[1] - a[1])[0] ?? [];
  return key.split(',').map(Number) as unknown as Rgb;
}

/**
 * A real right-click (`rightClick`) opens the browser's own context menu,
 * and real keys choose the extension's item in it (tooling/browsers/native-menu.ts:
 * each key seen on the screen, Return on the icon's row only). `browserWindow`:
 * the X window to give the keyboard to first (Firefox's menu takes its keys
 * from the focused window; Chromium's grabs them).
 */
export async function chooseExtensionItem(xvfb: XvfbServer, distDir: string, rightClick: () => Promise<void>, browserWindow?: string): Promise<void> {
  if (browserWindow !== undefined) await xdotool(xvfb.display, 'windowfocus', '--sync', browserWindow);
  const menu = await openNativeMenu(xvfb.display, rightClick);
  await chooseIconItem(xvfb, menu, menuIconColour(distDir));
}
