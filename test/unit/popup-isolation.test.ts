import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const POPUP_DIR = new URL('../../src/popup/', import.meta.url).pathname;

// The popup only ever hears back a result or an error from the worker: it
// has no way to read the token because no popup code touches storage.
describe('the popup never reads the token', () => {
  const sources = readdirSync(POPUP_DIR)
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(POPUP_DIR, file), 'utf8') }));

  it('has popup sources to check', () => {
    expect(sources.length).toBeGreaterThan(4);
  });

  it('no popup source imports the storage modules (their types aside) or touches an extension storage area', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/^import (?!type )[^;]*from ['"][^'"]*\/storage\//m);
      expect(text, file).not.toMatch(/\.storage\b/);
    }
  });
});
