/** The separators a list's table may use: a comma (RFC 4180), a semicolon (spreadsheets in locales that write decimal commas), a tab (cells copied from a spreadsheet). */
export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** A record of a delimited text: its fields, and its row as a spreadsheet numbers it (from 1). */
export interface DelimitedRow {
  cells: string[];
  /** Blank lines count, as a spreadsheet's empty rows; a line break inside quotes does not. */
  row: number;
}

/**
 * The rows of a delimited text, as RFC 4180 reads them: a field in double
 * quotes may hold the separator, line breaks and quotes (doubled); a record
 * ends at CRLF, LF or a lone CR. Read leniently, as spreadsheets write:
 * text after a closing quote stays in its field, a quote never closed runs to
 * the end, and the last line's break is optional (it adds no empty row). A
 * blank line gives no record, but the records after it keep their rows.
 */
export function delimitedRows(text: string, delimiter: Delimiter): DelimitedRow[] {
  const rows: DelimitedRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let row = 1;
  // Whether the row holds anything yet (a field ended, or a character read): a break after nothing adds no row.
  let started = false;
  const endField = () => {
    cells.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push({ cells, row });
    cells = [];
    started = false;
  };
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] ?? '';
    if (quoted) {
      if (character !== '"') field += character;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
      continue;
    }
    if (character === '"' && field === '') {
      quoted = true;
      started = true;
    } else if (character === delimiter) {
      endField();
      started = true;
    } else if (character === '\r' || character === '\n') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      if (started) endRow();
      row += 1;
    } else {
      field += character;
      started = true;
    }
  }
  if (started) endRow();
  return rows;
}

/** How many of a table's first records are read to tell its separator by their cells. */
const SNIFFED_RECORDS = 50;
const SNIFFED_TEXT = 64 * 1024;

/**
 * The separator a table uses, of those a spreadsheet writes: the one under
 * which most of its first records hold a cell that `wanted` takes (a list's
 * web address), as a table's first row may hold another separator in its
 * text ("Hallo, Welt;https://…" in a semicolon table); where none is ahead,
 * the one its first record holds most often outside quotes (a comma when it
 * holds none).
 */
export function sniffDelimiter(text: string, wanted?: (cell: string) => boolean): Delimiter {
  const byFirstRecord = firstRecordDelimiter(text);
  if (wanted === undefined) return byFirstRecord;
  // Read from its start only: a record cut short at the end tells as much (a file may be megabytes).
  const recordsWanted = (delimiter: Delimiter) =>
    delimitedRows(text.slice(0, SNIFFED_TEXT), delimiter)
      .slice(0, SNIFFED_RECORDS)
      .filter(({ cells }) => cells.some((cell) => wanted(cell.trim()))).length;
  const scores = new Map(DELIMITERS.map((delimiter) => [delimiter, recordsWanted(delimiter)]));
  return DELIMITERS.reduce((best, delimiter) => ((scores.get(delimiter) ?? 0) > (scores.get(best) ?? 0) ? delimiter : best), byFirstRecord);
}

function firstRecordDelimiter(text: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && counts.has(character as Delimiter)) counts.set(character as Delimiter, (counts.get(character as Delimiter) ?? 0) + 1);
  }
  return DELIMITERS.reduce((best, delimiter) => ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0) ? delimiter : best), ',');
}
