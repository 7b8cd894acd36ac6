import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const POPUP_DIR = new URL('../../src/popup/', import.meta.url).pathname;
const STORAGE_DIR = new URL('../../src/storage/', import.meta.url).pathname;

/**
 * Storage also declares plain data the popup shows: the formats "Copy as"
 * offers are the values of a stored setting, and a campaign typed in the
 * popup is checked as a stored one is. A storage module the popup may
 * import for its values is a leaf (checked below): it imports no module of
 * the project but another leaf (a package, such as zod for a campaign's
 * schema, is none; schema-for.ts, the check that a schema reads its type,
 * is a leaf) and touches no storage area, so nothing of storage comes
 * through it.
 */
const STORAGE_LEAVES = ['copy-format-setting', 'campaign', 'schema-for'];

// The popup only ever hears back a result or an error from the worker: it
// has no way to read the token because no popup code touches storage.
describe('the popup never reads the token', () => {
  const sources = readdirSync(POPUP_DIR)
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(POPUP_DIR, file), 'utf8') }));

  it('has popup sources to check', () => {
    expect(sources.length).toBeGreaterThan(4);
  });

  it('no popup source imports the storage modules (their types and the leaves aside) or touches an extension storage area', () => {
    for (const { file, text } of sources) {
      const storageValueImports = [...text.matchAll(/^import (?!type )[^;]*from ['"]([^'"]*)['"]/gm)]
        .map(([, path = '']) => path)
        .filter((path) => path.includes('/storage/') && !STORAGE_LEAVES.some((leaf) => path.endsWith(`/storage/${leaf}`)));
      expect(storageValueImports, file).toEqual([]);
      expect(text, file).not.toMatch(/\.storage\b/);
    }
  });

  it.each(STORAGE_LEAVES)('storage/%s, which the popup may import, imports no module of the project but another leaf, and touches no storage area', (leaf) => {
    const text = readFileSync(join(STORAGE_DIR, `${leaf}.ts`), 'utf8');
    const projectImports = [...text.matchAll(/^\s*(?:import|export)\b[^;]*\bfrom\s*['"](\.[^'"]*)['"]/gm)].map(([, path = '']) => path);
    expect(projectImports.filter((path) => !STORAGE_LEAVES.some((other) => path === `./${other}`))).toEqual([]);
    expect(text).not.toMatch(/\bimport\s*\(\s*['"]\./);
    expect(text).not.toMatch(/\.storage\b|\bbrowser\b|indexedDB/i);
  });
});
