import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ONLY } from '../support/browser-only-modules';

// The modules the coverage run lets go untested (only a browser runs them) are each run by an
// end-to-end file that exists and names them, so the list says where each is proven.
const ROOT = resolve(import.meta.dirname, '../..');
const entries = Object.entries(BROWSER_ONLY);

describe('the browser-only modules', () => {
  it('are modules of src/ that exist', () => {
    expect(entries.map(([module]) => module).filter((module) => !module.startsWith('src/') || !existsSync(resolve(ROOT, module)))).toEqual([]);
  });

  it.each(entries)('%s is named by the end-to-end file that runs it', (module, { e2e }) => {
    expect(e2e).toMatch(/^test\/e2e\/[\w-]+\.test\.ts$/);
    expect(existsSync(resolve(ROOT, e2e)), `${e2e} exists`).toBe(true);
    expect(readFileSync(resolve(ROOT, e2e), 'utf8')).toContain(module);
  });
});
