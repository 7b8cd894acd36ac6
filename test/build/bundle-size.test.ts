// Size budgets are deterministic, so they are enforced here; timings live in
// the benchmark (npm run bench), never in a test.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../scripts/build/manifest-targets';
import { measureBundle, SIZE_BUDGETS } from '../../scripts/lib/bundle-sizes';

const DIST = resolve(import.meta.dirname, '../../dist');

describe.each(TARGETS)('bundle size budgets of the %s build', async (target) => {
  const dir = join(DIST, target);
  const sizes = await measureBundle(dir);
  const text = async (files: string[]) => (await Promise.all(files.map((file) => readFile(join(dir, file), 'utf8')))).join('\n');

  it(`popup loads at most ${SIZE_BUDGETS.popup} bytes gzip`, () => {
    expect(sizes.popup.files).toContain('src/popup/index.html');
    expect(sizes.popup.gzipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.popup);
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

  it(`the zipped extension is at most ${SIZE_BUDGETS.zip} bytes`, () => {
    expect(sizes.zipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.zip);
  });

  // What keeps each within budget: a regression here explains a size jump above.
  it('the popup loads no zod; popup and worker load the polyfill, once, from the same file', async () => {
    const polyfillFiles = async (files: string[]) => {
      const withPolyfill = [];
      for (const file of files) if ((await text([file])).includes('only be loaded in a browser extension')) withPolyfill.push(file);
      return withPolyfill;
    };
    expect(await text(sizes.popup.files)).not.toContain('_zod');
    expect(await text(sizes.worker.files)).toContain('_zod');
    const inPopup = await polyfillFiles(sizes.popup.files);
    expect(inPopup).toHaveLength(1);
    expect(await polyfillFiles(sizes.worker.files)).toEqual(inPopup);
    expect(await polyfillFiles(sizes.options.files)).toEqual(inPopup);
  });
});
