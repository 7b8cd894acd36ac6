import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GECKO_ID } from '../build/manifest-targets';

export const FLOOR_MEASURE = 'floor:round-trip';
export const STATIC_POPUP = 'static.html';
export const EMPTY_PAGE = 'empty.html';
/** The blank floor's size: the popup's 360-px column, 480 px tall, as the outside harness of issue 38 took it. */
export const POPUP_SIZE = { width: 360, height: 480 };

/**
 * The round-trip floor as an extension: a popup with nothing in it but a line of
 * text, which on load makes one shorten request to the stand-in, and records
 * the round trip as a User Timing measure. Written to `dir` by the benchmark.
 */
export async function writeFloorExtension(dir: string, serverUrl: string, token: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const manifest = {
    manifest_version: 3,
    name: 'Floor',
    version: '1.0',
    action: { default_popup: 'floor.html' },
  };
  const script = `
const started = performance.now();
fetch(${JSON.stringify(`${serverUrl}/api/v1/shorten/single`)}, {
  method: 'POST',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: ${JSON.stringify(`Bearer ${token}`)} },
  body: JSON.stringify({ url: 'https://example.com/floor' }),
}).then((response) => response.text()).then(() => performance.measure(${JSON.stringify(FLOOR_MEASURE)}, { start: started, end: performance.now() }));
`;
  await Promise.all([
    // An extension page with a line of text and nothing else: the floor of the history page's first paint.
    writeFile(join(dir, EMPTY_PAGE), '<!doctype html><meta charset="utf-8"><p>Empty</p>'),
    writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest)),
    writeFile(join(dir, 'floor.html'), '<!doctype html><meta charset="utf-8"><body style="width:360px"><p>Floor</p><script src="floor.js"></script>'),
    writeFile(join(dir, 'floor.js'), script),
  ]);
}

/** The static floor's page from which Firefox's bench reaches `browser` (its popup must stay script-free). */
export const STATIC_FLOOR_HELPER = 'helper.html';

/**
 * The physical floor of a popup's first paint (issue 23): a popup of HTML alone,
 * a line of text as wide as ours, no script and no stylesheet to load. Its first
 * contentful paint is read from its own Paint Timing entries, so it needs no mark.
 * Loaded in Chromium and in Firefox (hence the add-on id, which Chromium ignores
 * with a warning, and the blank helper page Firefox's harness opens the popup from).
 */
export async function writeStaticFloorExtension(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const manifest = {
    manifest_version: 3,
    name: 'Static floor',
    version: '1.0',
    action: { default_popup: STATIC_POPUP },
    browser_specific_settings: { gecko: { id: GECKO_ID } },
  };
  await Promise.all([
    writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest)),
    writeFile(join(dir, STATIC_POPUP), '<!doctype html><meta charset="utf-8"><body style="width:360px"><p>Floor</p>'),
    writeFile(join(dir, STATIC_FLOOR_HELPER), '<!doctype html><meta charset="utf-8"><title>Helper</title>'),
  ]);
}

/**
 * The blank popup of the popup's own size (issue 38): the floor an outside
 * harness measures against, a popup of HTML alone as wide and as tall as ours
 * with a line of text, no margin. A bigger window costs the browser more to
 * show: the static floor, one line tall, is the least; this one is the least
 * for a popup of our size. Its extension has a worker that does nothing, so
 * that, like ours, it has a process running when the popup opens (without
 * one, the popup's navigation waits for a new process).
 */
export async function writeSizedFloorExtension(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const manifest = { manifest_version: 3, name: 'Sized floor', version: '1.0', action: { default_popup: STATIC_POPUP }, background: { service_worker: 'worker.js' } };
  const { width, height } = POPUP_SIZE;
  await Promise.all([
    writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest)),
    writeFile(join(dir, 'worker.js'), '// Keeps a process for the extension, as the popup it stands for has.\n'),
    writeFile(join(dir, STATIC_POPUP), `<!doctype html><meta charset="utf-8"><body style="margin:0;width:${width}px;height:${height}px"><p style="margin:0">Floor</p>`),
  ]);
}
