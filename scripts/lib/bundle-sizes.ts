import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { measureContext, type ContextSize } from './context-size';
import { zipDirectory } from './zip';

export interface BundleSizes {
  popup: ContextSize;
  worker: ContextSize;
  options: ContextSize;
  history: ContextSize;
  zipBytes: number;
}

/** The history page: not named by the manifest (the popup and the options page open it). */
export const HISTORY_PAGE = 'src/history/index.html';
export const OPTIONS_PAGE = 'src/options/index.html';
/** "Shorten a list": a page of its own, opened from the popup and the history page. */
export const LIST_PAGE = 'src/list/index.html';

// The budgets, gzip, as they stand (docs/performance.md prints each size against its budget). Each was raised
// in a commit of its own that says what the bytes buy and why they cannot load later (`git log -p` on this
// file); a budget never bends the design, so a check the design asks for moves a budget rather than goes.
// - The popup: its first load, everything before its first answer is on screen: Preact, the connector and
//   each port's zod schema (zod/mini's core, some 4.4 KiB, is in the chunk every context loads), the first
//   frame's views (the link, Copy as, QR's and Share's buttons, the page's own link named by its host, the
//   account switcher, the run's and the list's buttons), and the checks Firefox for Android needs. Panels
//   (a tabs run's list, campaign presets, the share menu, the QR encoder, a phone's tools) are chunks it
//   loads on demand, not counted here.
// - The worker: all of it, since a service worker has no import(): the queue and its gates and journal,
//   history and its cache, every way in (menus, shortcut, keyword, selection, field, tabs runs, lists),
//   sync's merge, accounts, and a schema for every stored shape and every message it hears. The functions
//   it injects into pages travel in its bundle, serialised by scripting.executeScript; injected as files of
//   their own they would take about 1.5 KiB off every worker start (noted, not done).
// - The zip: every context, the chunks loaded later, and the words in five languages.
export const SIZE_BUDGETS = { popup: 32.5 * 1024, worker: 51 * 1024, zip: 178 * 1024 } as const;

interface Manifest {
  // Chrome: a service worker; Firefox: the same script as an event page's.
  background: { service_worker?: string; scripts?: string[] };
  action: { default_popup: string };
  options_ui: { page: string };
}

export async function measureBundle(distDir: string): Promise<BundleSizes> {
  const manifest = JSON.parse(await readFile(join(distDir, 'manifest.json'), 'utf8')) as Manifest;
  const [popup, worker, options, history] = await Promise.all([
    measureContext(distDir, manifest.action.default_popup),
    measureContext(distDir, backgroundEntry(manifest)),
    measureContext(distDir, manifest.options_ui.page),
    measureContext(distDir, HISTORY_PAGE),
  ]);
  return { popup, worker, options, history, zipBytes: (await zipDirectory(distDir)).length };
}

function backgroundEntry(manifest: Manifest): string {
  const entry = manifest.background.service_worker ?? manifest.background.scripts?.[0];
  if (entry === undefined) throw new Error('The manifest names no background script.');
  return entry;
}
