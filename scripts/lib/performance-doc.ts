// Where a full `npm run bench` puts its table: docs/performance.md, between
// its markers, so no figure there is ever moved by hand.
import { readFile, writeFile } from 'node:fs/promises';

export const TABLE_START = '<!-- bench:table:start -->';
export const TABLE_END = '<!-- bench:table:end -->';

/** What the table was measured on and when, said above it. */
export interface Measured {
  machine: string;
  /** ISO date, e.g. 2026-11-28. */
  date: string;
  runs: number;
}

/** `doc` with the text between its table markers replaced by `table` and the line that says where it was measured. */
export function withBenchTable(doc: string, table: string, { machine, date, runs }: Measured): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start || doc.indexOf(TABLE_START, start + 1) !== -1) {
    throw new Error(`docs/performance.md needs one ${TABLE_START} before one ${TABLE_END}.`);
  }
  const said = `The latest full \`npm run bench\`, ${runs} runs a row, on ${date} (${machine}); a measure, not a promise.`;
  return `${doc.slice(0, start + TABLE_START.length)}\n${said}\n\n${table.trim()}\n${doc.slice(end)}`;
}

/** Replaces the table in the document at `path`. */
export async function writeBenchTable(path: string, table: string, measured: Measured): Promise<void> {
  await writeFile(path, withBenchTable(await readFile(path, 'utf8'), table, measured));
}
