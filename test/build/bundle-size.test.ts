// Size budgets are deterministic, so they are enforced here; timings live in
// the benchmark (npm run bench), never in a test.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../scripts/build/manifest-targets';
import { LIST_PAGE, measureBundle, SIZE_BUDGETS } from '../../scripts/lib/bundle-sizes';
import { measureContext } from '../../scripts/lib/context-size';

const DIST = resolve(import.meta.dirname, '../../dist');

describe.each(TARGETS)('bundle size budgets of the %s build', async (target) => {
  const dir = join(DIST, target);
  const sizes = await measureBundle(dir);
  const text = async (files: string[]) => (await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))).join('\n');
  const filesWith = async (files: string[], mark: string) => {
    const holding = [];
    for (const file of files) if ((await text([file])).includes(mark)) holding.push(file);
    return holding;
  };

  it(`popup loads at most ${SIZE_BUDGETS.popup} bytes gzip`, () => {
    expect(sizes.popup.files).toContain('src/popup/index.html');
    expect(sizes.popup.gzipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.popup);
  });

  // Chromium shows the popup at its page's load event, which waits for every module script the page names
  // (scripts/build/popup-loader.ts): none may, and the modules are fetched at once, not level by level.
  it("the popup's page names no module script: an async loader imports every module it starts with, at once", async () => {
    const page = await text(['src/popup/index.html']);
    expect(page).not.toContain('type="module"');
    const loader = /<script async src="\/(assets\/popup-loader-[\w-]+\.js)"><\/script>/.exec(page)?.[1] ?? 'none';
    expect(sizes.popup.files).toContain(loader);
    const imported = [...(await text([loader])).matchAll(/import\("\.\/([^"]+)"\);/g)].map(([, file]) => `assets/${file}`);
    expect(imported.toSorted()).toEqual(sizes.popup.files.filter((file) => file.endsWith('.js') && file !== loader));
  });

  // The cascade's order is the order of the page's stylesheets, which is the chunks' (a grouping of chunks once put
  // the house's base rules last, and every page's own rules lost to them): the base comes first on every page.
  it.each(['popup', 'options', 'history', 'list'])("the %s page links the house's base rules before its own", async (name) => {
    const page = await text([`src/${name}/index.html`]);
    const sheets = [...page.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map(([, file]) => file ?? '');
    expect(sheets.length).toBeGreaterThan(1);
    expect(await text(sheets.slice(0, 1))).toContain('.primary-button');
    expect(await text(sheets.slice(1))).not.toContain('.primary-button');
  });

  it(`background loads at most ${SIZE_BUDGETS.worker} bytes gzip`, () => {
    expect(sizes.worker.files).toContain('service-worker-loader.js');
    expect(sizes.worker.gzipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.worker);
  });

  it('the QR encoder is loaded on request only: no context loads it at start', async () => {
    for (const context of [sizes.popup, sizes.worker, sizes.options, sizes.history]) {
      expect(await text(context.files)).not.toContain('lean-qr');
      expect(context.files.some((file) => file.includes('qr-panel'))).toBe(false);
    }
  });

  it("the share menu and its destinations are loaded on request only: no context loads them at start, the popup's and history page's Share button loads them", async () => {
    for (const context of [sizes.popup, sizes.worker, sizes.options, sizes.history]) {
      expect(context.files.some((file) => file.includes('share-menu'))).toBe(false);
      expect(await text(context.files)).not.toContain('intent/post');
    }
    for (const context of [sizes.popup, sizes.history]) expect(await text(context.files)).toMatch(/\bimport\(`\.\/share-menu-[\w-]+\.js`\)/);
  });

  it(`the zipped extension is at most ${SIZE_BUDGETS.zip} bytes`, () => {
    expect(sizes.zipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.zip);
  });

  it('the list page is a page of its own: no other context loads its code (the popup only opens it)', async () => {
    // The list's field, named in its own chunk.
    const mark = 'list-addresses';
    expect(await filesWith((await measureContext(dir, LIST_PAGE)).files, mark)).toHaveLength(1);
    for (const context of [sizes.popup, sizes.worker, sizes.options, sizes.history]) expect(await filesWith(context.files, mark)).toEqual([]);
  });

  // What keeps each within budget: a regression here explains a size jump above.
  it('popup, worker and settings page load zod and the polyfill, each once, from the same file', async () => {
    // The polyfill's own words, and zod's internals' name.
    for (const mark of ['only be loaded in a browser extension', '_zod']) {
      const inPopup = await filesWith(sizes.popup.files, mark);
      expect(inPopup, mark).toHaveLength(1);
      expect(await filesWith(sizes.worker.files, mark), mark).toEqual(inPopup);
      expect(await filesWith(sizes.options.files, mark), mark).toEqual(inPopup);
    }
  });
});
