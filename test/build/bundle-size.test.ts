// Size budgets are deterministic, so they are enforced here; timings live in
// the benchmark (npm run bench), never in a test.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureBundle, SIZE_BUDGETS } from '../../scripts/lib/bundle-sizes';
import { PRODUCTION_DIST } from '../support/e2e-session';

async function text(files: string[]): Promise<string> {
  return (await Promise.all(files.map((file) => readFile(join(PRODUCTION_DIST, file), 'utf8')))).join('\n');
}

describe('bundle size budgets of the production build', async () => {
  const sizes = await measureBundle(PRODUCTION_DIST);

  it(`popup loads at most ${SIZE_BUDGETS.popup} bytes gzip`, () => {
    expect(sizes.popup.files).toContain('src/popup/index.html');
    expect(sizes.popup.gzipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.popup);
  });

  it(`worker loads at most ${SIZE_BUDGETS.worker} bytes gzip`, () => {
    expect(sizes.worker.files).toContain('service-worker-loader.js');
    expect(sizes.worker.gzipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.worker);
  });

  it(`the zipped extension is at most ${SIZE_BUDGETS.zip} bytes`, () => {
    expect(sizes.zipBytes).toBeLessThanOrEqual(SIZE_BUDGETS.zip);
  });

  // What keeps each within budget: a regression here explains a size jump above.
  it('the popup loads no zod and the worker no webextension-polyfill', async () => {
    const popupCode = await text(sizes.popup.files);
    const workerCode = await text(sizes.worker.files);
    expect(popupCode).toContain('only be loaded in a browser extension');
    expect(popupCode).not.toContain('_zod');
    expect(workerCode).toContain('_zod');
    expect(workerCode).not.toContain('only be loaded in a browser extension');
  });
});
