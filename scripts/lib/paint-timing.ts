import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';

/** A page's latest performance entry of that name and type (waiting for it), its start as epoch time (ms). */
export async function latestEntry(page: Page, name: string, type: 'mark' | 'paint' | 'measure'): Promise<{ startedAt: number; duration: number }> {
  const handle = await page.waitForFunction(
    ({ entryName, entryType }) => {
      const entry = performance.getEntriesByName(entryName, entryType).at(-1);
      return entry === undefined ? undefined : { startedAt: performance.timeOrigin + entry.startTime, duration: entry.duration };
    },
    { entryName: name, entryType: type },
    { timeout: 10_000, polling: 10 },
  );
  const entry = await handle.jsonValue();
  if (entry === undefined) throw new Error(`waitForFunction returned without the ${type} entry "${name}".`);
  return entry;
}

/** The popup opened on the tab: toolbar click → its first contentful paint, from its own Paint Timing entry, ms. */
export async function popupFirstPaint(extension: ExtensionBrowser, tab: Page): Promise<number> {
  const { popup, triggeredAt } = await extension.openPopupTimed(tab);
  const paint = (await latestEntry(popup, 'first-contentful-paint', 'paint')).startedAt - triggeredAt;
  await popup.close();
  return paint;
}
