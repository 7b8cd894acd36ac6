import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { windowBox, iconRow } from '../../tooling/browsers/menu-screen';
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

export interface MenuChoice {
  /** The X window to give the keyboard to first (Firefox's menu takes its keys from the focused window; Chromium's grabs them). */
  browserWindow?: string;
  /** Where the item is in the extension's submenu, and in a submenu of that (extensionItems()); none when the extension has one item there. */
  path?: readonly number[];
  /** Whether the page saw the right-click (page-content.ts, contextMenuSeen): one it never saw is made again (openNativeMenu). */
  reached?: () => Promise<boolean>;
}

/**
 * A real right-click (`rightClick`) opens the browser's own context menu,
 * and real keys choose the extension's item in it (tooling/browsers/native-menu.ts:
 * each key seen on the screen, Return on the icon's row, or the path's row, only).
 */
export async function chooseExtensionItem(xvfb: XvfbServer, distDir: string, rightClick: () => Promise<void>, choice: MenuChoice = {}): Promise<void> {
  if (choice.browserWindow !== undefined) await xdotool(xvfb.display, 'windowfocus', '--sync', choice.browserWindow);
  const icon = menuIconColour(distDir);
  const menu = await openNativeMenu(xvfb.display, rightClick, { timeoutMs: 30_000, pick: (fresh) => menuShowingIcon(xvfb, fresh, icon), reached: choice.reached });
  await chooseIconItem(xvfb, menu, icon, choice.path);
}

/**
 * Of the windows new on the screen, the menu: the smallest that shows the extension's icon, once it is
 * painted. Another window can be mapped as the menu opens (once a window not Chromium's, 1293, came up
 * with it, was taken for the menu, and never showed the icon), and one under the menu shows what it paints.
 */
async function menuShowingIcon(xvfb: XvfbServer, windows: readonly string[], icon: Rgb): Promise<string | undefined> {
  const screen = await xvfb.screen();
  let menu: { window: string; area: number } | undefined;
  for (const window of windows) {
    // A window gone since it was listed (a tooltip) is no menu.
    const box = await windowBox(xvfb.display, window).catch(() => undefined);
    if (box === undefined || iconRow(screen, box, icon) === undefined) continue;
    if (menu === undefined || box.width * box.height < menu.area) menu = { window, area: box.width * box.height };
  }
  return menu?.window;
}

/**
 * Where each of the extension's items for a link or the page is (MenuChoice's
 * path), with these settings: in the order src/background/entries/context-menus.ts
 * creates them ("Shorten link", "Shorten link with ▸" with two accounts or more,
 * "Shorten with campaign ▸" with presets; the page's likewise), grouped in a
 * submenu named after the extension when there is more than one.
 */
export function extensionItems({ accounts = 1, presets = 0 }: { accounts?: number; presets?: number } = {}): {
  shorten: number[];
  withAccount(index: number): number[];
  withCampaign(index: number): number[];
} {
  const submenus = [...(accounts > 1 ? ['account'] : []), ...(presets > 0 ? ['campaign'] : [])];
  const inSubmenu = (name: string, index: number) => {
    const at = submenus.indexOf(name);
    if (at === -1) throw new Error(`No "${name}" submenu with ${accounts} account(s) and ${presets} preset(s).`);
    return [at + 1, index];
  };
  return {
    shorten: submenus.length === 0 ? [] : [0],
    withAccount: (index) => inSubmenu('account', index),
    withCampaign: (index) => inSubmenu('campaign', index),
  };
}
