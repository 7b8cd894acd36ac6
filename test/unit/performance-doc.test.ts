import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_END, TABLE_START, withBenchTable } from '../../scripts/lib/performance-doc';

const measured = { machine: 'linux x64, Node v20', date: '2026-11-28', runs: 20 };
const doc = `# Performance\n\nBefore.\n\n${TABLE_START}\n| old | table |\n${TABLE_END}\n\nAfter.\n`;

describe("the bench's table in docs/performance.md", () => {
  it('replaces only what lies between the markers, and says where and when it was measured', () => {
    const written = withBenchTable(doc, '| Figure | Median |\n| --- | ---: |\n| new | 1.0 ms |\n', measured);
    expect(written).toBe(
      `# Performance\n\nBefore.\n\n${TABLE_START}\nThe latest full \`npm run bench\`, 20 runs a row, on 2026-11-28 (linux x64, Node v20); a measure, not a promise.\n\n| Figure | Median |\n| --- | ---: |\n| new | 1.0 ms |\n${TABLE_END}\n\nAfter.\n`,
    );
    // Written twice, the same document: the markers stay, nothing piles up.
    expect(withBenchTable(written, '| new | 1.0 ms |', measured)).toBe(withBenchTable(doc, '| new | 1.0 ms |', measured));
  });

  it('refuses a document without both markers, or with them twice, rather than append anywhere', () => {
    expect(() => withBenchTable('# Performance\n', '| t |', measured)).toThrow(TABLE_START);
    expect(() => withBenchTable(`${TABLE_END}\n${TABLE_START}\n`, '| t |', measured)).toThrow(TABLE_START);
    expect(() => withBenchTable(`${doc}${TABLE_START}\n`, '| t |', measured)).toThrow(TABLE_START);
  });

  it('finds its markers in the real docs/performance.md', () => {
    const real = readFileSync(resolve(import.meta.dirname, '../../docs/performance.md'), 'utf8');
    expect(withBenchTable(real, '| t |', measured)).toContain(`| t |\n${TABLE_END}`);
  });
});
