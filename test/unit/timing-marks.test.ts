import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIMING_MARKS } from '../../src/platform/timing';

// The marks are named literally where they are set; the benchmark reads them by these names.
describe('timing marks', () => {
  it.each([
    ['src/popup/shortened-result.tsx', TIMING_MARKS.popupShortUrlShown],
    ['src/popup/popup-machine.ts', TIMING_MARKS.popupCopied],
    ['src/background/delivery/deliver.ts', TIMING_MARKS.backgroundCopied],
  ])('%s sets %s', (file, mark) => {
    expect(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')).toContain(`performance.mark('${mark}')`);
  });
});
