import { checkLongUrl } from '../api/url-checks';
import { MAX_LIST_ADDRESSES } from '../storage/session/list-run';
import { delimitedRows, sniffDelimiter } from './delimited-text';

export { MAX_LIST_ADDRESSES };

/** A column of a table: its place (0-based), and its name when the table's first row names its columns. */
export interface ListColumn {
  index: number;
  name?: string;
}

/**
 * What the user gave, read: one address a line (pasted text, a `.txt` file),
 * or a table (a `.csv` file, or cells copied from a spreadsheet) whose
 * addresses are in one of its columns.
 */
export interface ListSource {
  /** The table's rows (a single cell each for lines), its header taken off. */
  rows: string[][];
  /** Each row's place in what was given, from 1, as a spreadsheet numbers rows: a header and blank lines count. */
  places: number[];
  /** More than one: the page asks which holds the addresses. */
  columns: ListColumn[];
  /** The column most of whose cells are web addresses: the one chosen until the user chooses another. */
  suggested: number;
}

/**
 * Reads text as a list. A `.csv` file (`table`) is a table; so is pasted
 * text whose every line holds a tab (a spreadsheet's cells); anything else is
 * one address a line. A table's first row names its columns when none of its
 * cells is a web address, even one written without its scheme, and a later
 * row's are.
 */
export function listSource(text: string, table: boolean): ListSource {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r\n|\r|\n/).flatMap((line, index) => (line.trim() === '' ? [] : [{ line, place: index + 1 }]));
  const tabbed = lines.length > 0 && lines.every(({ line }) => line.includes('\t'));
  if (!table && !tabbed) return { rows: lines.map(({ line }) => [line]), places: lines.map(({ place }) => place), columns: [{ index: 0 }], suggested: 0 };
  const all = delimitedRows(body, tabbed && !table ? '\t' : sniffDelimiter(body, isAddress)).filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const [{ cells: first = [] } = {}, ...rest] = all;
  // A row with an address written short (`www.example.com`) is a row of the list, whose address the plan says it
  // cannot send: not a heading, which would take it out of the list unsaid.
  const header = !first.some((cell) => isAddress(cell) || looksLikeHost(cell)) && rest.some(({ cells }) => cells.some(isAddress));
  const kept = header ? rest : all;
  const rows = kept.map(({ cells }) => cells);
  const width = Math.max(1, ...all.map(({ cells }) => cells.length));
  const columns = Array.from({ length: width }, (_, index) => {
    const name = header ? first[index]?.trim() : undefined;
    return name === undefined || name === '' ? { index } : { index, name };
  });
  const addressesIn = columns.map(({ index }) => rows.filter((row) => isAddress(row[index] ?? '')).length);
  const suggested = addressesIn.reduce((best, count, index) => (count > (addressesIn[best] ?? 0) ? index : best), 0);
  return { rows, places: kept.map(({ row }) => row), columns, suggested };
}

/** Why a list gives nothing to send: each has its own sentence on the page. */
export type ListProblem = { kind: 'no-address' } | { kind: 'too-many'; count: number };

/** A list's addresses, each with its place in what was given (ListSource's `places`). */
export type ListAddresses = { ok: true; addresses: string[]; places: number[] } | { ok: false; problem: ListProblem };

/**
 * The addresses of a column, in order: each non-empty cell, trimmed (the
 * worker plans each, and says why one cannot be sent). None of them a web
 * address, or more than MAX_LIST_ADDRESSES of them: nothing is sent.
 */
export function addressesOf(source: ListSource, column: number): ListAddresses {
  const cells = source.rows.flatMap((row, index) => {
    const cell = (row[column] ?? '').trim();
    return cell === '' ? [] : [{ cell, place: source.places[index] ?? index + 1 }];
  });
  const addresses = cells.map(({ cell }) => cell);
  if (addresses.length > MAX_LIST_ADDRESSES) return { ok: false, problem: { kind: 'too-many', count: addresses.length } };
  if (!addresses.some(isAddress)) return { ok: false, problem: { kind: 'no-address' } };
  return { ok: true, addresses, places: cells.map(({ place }) => place) };
}

/** A web address the popup would take (the same check: api/url-checks.ts). */
const isAddress = (cell: string): boolean => checkLongUrl(cell).ok;
/** A host name, with a path or not, but no scheme (`www.example.com`, `example.org/page`): an address, written short. */
const looksLikeHost = (cell: string): boolean => /^(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?:[/:?#]\S*)?$/u.test(cell.trim());
