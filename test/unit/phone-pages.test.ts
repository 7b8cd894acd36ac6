// The pages a phone opens (Firefox for Android opens the popup as a page, and the settings and history
// pages in tabs) are laid out at the phone's width, not at a desktop's 980 px zoomed out: each says so
// before any script runs. How they look at 360 px is test/e2e/phone-width.test.ts's.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES = ['src/popup/index.html', 'src/options/index.html', 'src/history/index.html'];

describe('the pages a phone opens', () => {
  it.each(PAGES)('%s is laid out at the device’s width, at its own scale', (page) => {
    const html = readFileSync(resolve(ROOT, page), 'utf8');
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1" \/>/);
  });
});
