import type { Page } from 'playwright-core';

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
