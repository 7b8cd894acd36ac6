import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { Plugin, Rollup } from 'vite';
// The page whose modules load outside its load event.
import { POPUP_PAGE } from '../../src/platform/popup-pages.ts';

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="\/?([^"]+)"[^>]*><\/script>/g;
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

export interface PopupLoader {
  /** The page with its module script replaced by the loader. */
  html: string;
  /** The loader's path in the build, and its source. */
  fileName: string;
  source: string;
}

/**
 * Chromium shows an extension's popup only once its page's load event has
 * fired (ExtensionPopup::DocumentOnLoadCompletedInPrimaryMainFrame, "show
 * when the content finishes loading"), and the load event waits for every
 * module script the page names, for all they import, and for their
 * evaluation: the popup's shell was on screen only once its modules had run
 * (docs/performance.md, "What the trace shows"). So the built page names
 * none. An async classic script, first in its head, imports the entry and
 * every chunk it imports, all at once (one round trip, not one per level of
 * imports); what import() fetches does not hold the load event. The window
 * shows with the shell while the modules load, and the first attempt starts
 * as soon as they have run, as before.
 */
export function popupLoader(html: string, entryOf: (fileName: string) => Rollup.OutputChunk | undefined): PopupLoader {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  const entry = scripts.length === 1 ? entryOf(scripts[0]?.[1] ?? '') : undefined;
  if (entry === undefined) throw new Error(`${POPUP_PAGE}: expected one module script naming a chunk of the build, found ${scripts.length}.`);
  if (!CHARSET.test(html)) throw new Error(`${POPUP_PAGE}: no <meta charset> to put the loader after.`);
  const files = [entry.fileName];
  for (const file of files) files.push(...(entryOf(file)?.imports ?? []).filter((imported) => !files.includes(imported)));
  const directory = posix.dirname(entry.fileName);
  const source = files.map((file) => `import("./${posix.relative(directory, file)}");`).join('');
  const fileName = posix.join(directory, `popup-loader-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`);
  const withoutModule = html.replace(MODULE_SCRIPT, '');
  return { html: withoutModule.replace(CHARSET, (charset) => `${charset}\n    <script async src="/${fileName}"></script>`), fileName, source };
}

/** The build step: the popup's page and its loader, once Vite has written the page's HTML. */
export function popupLoaderPlugin(): Plugin {
  return {
    name: 'shrtnr-popup-loader',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle[POPUP_PAGE];
      if (page?.type !== 'asset' || typeof page.source !== 'string') throw new Error(`The build has no ${POPUP_PAGE} to give its loader.`);
      const chunk = (fileName: string) => {
        const output = bundle[fileName];
        return output?.type === 'chunk' ? output : undefined;
      };
      const loader = popupLoader(page.source, chunk);
      page.source = loader.html;
      this.emitFile({ type: 'asset', fileName: loader.fileName, source: loader.source });
    },
  };
}
