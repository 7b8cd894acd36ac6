import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { popupLoader } from '../../scripts/build/popup-loader';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Shrtnr</title>
    <script type="module" crossorigin src="/assets/main-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/popup-B.css">
  </head>
  <body><main class="popup"></main></body>
</html>`;

/** The chunks of a build, each with the chunks it imports statically. */
const chunks = (imports: Record<string, string[]>) => (fileName: string) =>
  imports[fileName] === undefined ? undefined : ({ type: 'chunk', fileName, imports: imports[fileName] } as unknown as Rollup.OutputChunk);

describe("the popup's loader (scripts/build/popup-loader.ts)", () => {
  const build = chunks({ 'assets/main-A.js': ['assets/preact-C.js', 'assets/messaging-D.js'], 'assets/messaging-D.js': ['assets/polyfill-E.js'], 'assets/preact-C.js': [], 'assets/polyfill-E.js': [] });

  it('takes the module script out of the page: an async classic script first in its head loads the modules', () => {
    const { html, fileName } = popupLoader(PAGE, build);
    expect(html).not.toContain('type="module"');
    expect(fileName).toMatch(/^assets\/popup-loader-[\w-]{8}\.js$/);
    expect(html).toContain(`<meta charset="utf-8" />\n    <script async src="/${fileName}"></script>\n    <title>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/popup-B.css">');
  });

  it('imports the entry and every chunk it needs at once, each once, the ones imported by imports too', () => {
    expect(popupLoader(PAGE, build).source).toBe('import("./main-A.js");import("./preact-C.js");import("./messaging-D.js");import("./polyfill-E.js");');
  });

  it('names itself by what it loads: the same build gives the same file', () => {
    const other = chunks({ 'assets/main-A.js': ['assets/preact-C.js'], 'assets/preact-C.js': [] });
    expect(popupLoader(PAGE, build).fileName).toBe(popupLoader(PAGE, build).fileName);
    expect(popupLoader(PAGE, other).fileName).not.toBe(popupLoader(PAGE, build).fileName);
  });

  it('fails loudly on a page it does not know: no module script, two, or one naming no chunk', () => {
    const moduleScript = '<script type="module" crossorigin src="/assets/main-A.js"></script>';
    expect(() => popupLoader(PAGE.replace(moduleScript, ''), build)).toThrow(/one module script/);
    expect(() => popupLoader(PAGE.replace(moduleScript, moduleScript + moduleScript), build)).toThrow(/found 2/);
    expect(() => popupLoader(PAGE, chunks({}))).toThrow(/naming a chunk/);
  });
});
