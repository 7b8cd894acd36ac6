import type { Judged } from './bench-verdict';
import type { Summary } from './stats';

/**
 * A row of `npm run bench`'s table: a timing (summary), a size (bytes), a
 * unitless score, or a count judged by `met` alone. A timing with a budget is
 * judged by its interval (`judged`); `met: false` misses whatever the interval
 * says (a link that failed, a 429 provoked).
 */
export interface Row {
  figure: string;
  summary?: Summary;
  bytes?: number;
  score?: number;
  /** The median the "× floor" column divides by. */
  floor?: number;
  budget?: string;
  judged?: Judged;
  met?: boolean;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(1)}`;

/** The 95 % interval of what the budget bounds, in the budget's own terms (none from too few runs: it would say nothing of their spread). */
function intervalText({ budget, low, high }: Judged): string {
  if (budget.kind === 'ratio') return `${low.toFixed(2)}–${high.toFixed(2)}`;
  if (budget.kind === 'plus') return `${signed(low)} to ${signed(high)} ms`;
  return `${low.toFixed(1)}–${high.toFixed(1)} ms`;
}

function verdictText(row: Row): string {
  if (row.met === false) return '**missed**';
  switch (row.judged?.verdict) {
    case 'met':
      return 'met';
    case 'missed':
      return '**missed**';
    case 'spread too wide':
      return 'no verdict: spread too wide';
    case 'too few runs':
      return 'no verdict: too few runs';
    default:
      return row.met === true ? 'met' : '';
  }
}

/** The table as markdown; `verdicts: false` (a smoke run's single samples) leaves the last column empty. */
export function renderTable(rows: Row[], verdicts = true): string {
  const lines = ['| Figure | Median | p25–p75 | Runs | × floor | 95 % interval | Budget | |', '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |'];
  for (const row of rows) {
    const { summary } = row;
    const median = summary ? ms(summary.median) : row.bytes !== undefined ? `${(row.bytes / 1024).toFixed(1)} KiB` : row.score !== undefined ? row.score.toFixed(4) : '';
    const quartiles = summary && summary.runs > 1 ? `${summary.p25.toFixed(1)}–${summary.p75.toFixed(1)}` : '';
    const ratio = summary && row.floor ? (summary.median / row.floor).toFixed(2) : '';
    const cells = [row.figure, median, quartiles, summary ? String(summary.runs) : '', ratio, row.judged && row.judged.verdict !== 'too few runs' ? intervalText(row.judged) : '', row.budget ?? '', verdicts ? verdictText(row) : ''];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The rows a run left without their figure: a timing, size or score that is not a number, or a count with no `met` (the 429s). A smoke run fails on any. */
export function rowsWithoutFigure(rows: Row[]): Row[] {
  return rows.filter((row) => (row.summary === undefined && row.bytes === undefined && row.score === undefined ? row.met === undefined : !Number.isFinite(row.summary?.median ?? row.bytes ?? row.score)));
}
