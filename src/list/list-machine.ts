import type { ListPlan, ListProgress, ListRun, ListStartError, ListToPage } from '../messages/list-port';
import type { ListFileProblem, ListFileText } from './list-file';
import { addressesOf, listSource, type ListAddresses, type ListProblem, type ListSource } from './list-source';
import type { ListConnector } from './list-connector';

// The list page as a value, and what changes it as events: pure, so each step
// is an event a test can play (list-machine.test.ts). The view renders the
// value; use-list-page.ts runs the effects through the connector.

/** A file's addresses, in the column chosen. */
export interface ListFile {
  name: string;
  source: ListSource;
  column: number;
}

/** Why the page sends nothing: a file it cannot read, a list it cannot send, or the worker's refusal. */
export type ShownProblem = { kind: 'file'; problem: ListFileProblem } | { kind: 'list'; problem: ListProblem } | { kind: 'refused'; error: ListStartError };

export interface ListPage {
  screen: 'connecting' | 'input' | 'plan' | 'running' | 'ended' | 'unreachable';
  /** What was pasted (kept while a file is used instead). */
  pasted: string;
  /** The column of pasted spreadsheet cells the user chose; until then, the one suggested (listSource). */
  pastedColumn?: number;
  file?: ListFile;
  problem?: ShownProblem;
  /** The latest plan asked for: an answer to an earlier one changes nothing. */
  ask: number;
  /** The addresses of the plan asked for, or of the plan shown. */
  addresses?: string[];
  /** Each of those addresses' row in the list as given. */
  places?: number[];
  checking: boolean;
  plan?: ListPlan;
  /** Send was pressed: the run's first word is awaited. */
  sending: boolean;
  progress?: ListProgress;
  run?: ListRun;
  /** The run shown is this page's list; another page's leaves this page's own list to come back to. */
  own?: boolean;
  /** Why Go on was refused (the run stays paused): said until the run goes on or ends. */
  resumeRefused?: ListStartError;
}

export type ListEffect = (connector: ListConnector) => void;
export type Step = [ListPage, ListEffect?];

export const initialPage = (): ListPage => ({ screen: 'connecting', pasted: '', ask: 0, checking: false, sending: false });

/** What the worker says. */
export function heard(page: ListPage, message: ListToPage): Step {
  switch (message.type) {
    case 'none':
      // The page's own list stays on screen (a plan too). Once a run is dismissed, the page that sent it gets a fresh
      // field, any other its own list as it was, to check again (what it comes to may have changed).
      if (page.screen === 'connecting') return [{ ...page, screen: 'input' }];
      if (page.screen !== 'running' && page.screen !== 'ended') return [page];
      if (page.own === true) return [{ ...initialPage(), ask: page.ask, screen: 'input' }];
      return [{ ...changed(page), screen: 'input', sending: false, plan: undefined, progress: undefined, run: undefined, own: undefined, resumeRefused: undefined }];
    case 'progress': {
      const refused = message.progress.paused ? { resumeRefused: page.resumeRefused } : { resumeRefused: undefined };
      // Another page's run leaves this page's send waiting for its answer (a refusal: one list at a time).
      return [{ ...page, screen: 'running', progress: message.progress, own: message.own, ...refused, ...(message.own ? { sending: false, problem: undefined } : {}) }];
    }
    case 'ended':
      return [{ ...page, screen: 'ended', run: message.run, own: message.own, progress: undefined, resumeRefused: undefined, ...(message.own ? { sending: false } : {}) }];
    case 'not-resumed':
      return page.screen === 'running' ? [{ ...page, resumeRefused: message.error }] : [page];
    case 'plan':
      if (!page.checking || message.ask !== page.ask || page.screen !== 'input') return [page];
      return [{ ...page, screen: 'plan', plan: placed(message.plan, page.places), checking: false }];
    case 'not-started':
      if (message.ask === undefined) return page.sending ? [{ ...page, sending: false, problem: { kind: 'refused', error: message.error } }] : [page];
      return page.checking && message.ask === page.ask ? [{ ...page, checking: false, problem: { kind: 'refused', error: message.error } }] : [page];
  }
}

/** The list as given changes: a plan asked for the list as it was will not be shown. */
const changed = (page: ListPage): ListPage => ({ ...page, checking: false, problem: undefined });

export const typed = (page: ListPage, text: string): Step => [{ ...changed(page), pasted: text }];

/** A file was read (chosen or dropped): its addresses are used instead of the field's, or why it cannot be. */
export function fileRead(page: ListPage, name: string, read: ListFileText): Step {
  if (!read.ok) return [{ ...page, problem: { kind: 'file', problem: read.problem } }];
  const source = listSource(read.text, /\.(csv|tsv)$/i.test(name));
  const { file: _dropped, ...rest } = changed(page);
  return [{ ...rest, file: { name, source, column: source.suggested } }];
}

export const columnChosen = (page: ListPage, column: number): Step => [page.file === undefined ? { ...changed(page), pastedColumn: column } : { ...changed(page), file: { ...page.file, column } }];

export function fileRemoved(page: ListPage): Step {
  const { file: _dropped, ...rest } = changed(page);
  return [rest];
}

/** Check the list: its addresses planned by the worker (nothing sent), or why there is nothing to plan. */
export function check(page: ListPage): Step {
  const read = page.file === undefined ? pastedAddresses(page.pasted, page.pastedColumn) : addressesOf(page.file.source, page.file.column);
  if (!read.ok) return [{ ...page, problem: { kind: 'list', problem: read.problem } }];
  const ask = page.ask + 1;
  return [{ ...page, ask, addresses: read.addresses, places: read.places, checking: true, problem: undefined }, (connector) => connector.plan(ask, read.addresses)];
}

/** The addresses pasted: from pasted cells of a spreadsheet (a table too), the column chosen (columnOf). */
function pastedAddresses(text: string, chosen: number | undefined): ListAddresses {
  const source = listSource(text, false);
  return addressesOf(source, columnOf(source, chosen));
}

/** The column chosen among the source's, or the one suggested when none is, or that one is no longer there (the text changed). */
export const columnOf = (source: ListSource, chosen: number | undefined): number => (chosen !== undefined && chosen < source.columns.length ? chosen : source.suggested);

/** The worker numbers a plan's addresses in the order sent: each is named by its row in the list as given. */
const placed = (plan: ListPlan, places: readonly number[] | undefined): ListPlan => ({
  ...plan,
  invalid: plan.invalid.map((entry) => ({ ...entry, place: places?.[entry.place - 1] ?? entry.place })),
});

/** Back to the list as given, to change it. */
export const change = (page: ListPage): Step => [{ ...page, screen: 'input', problem: undefined }];

export function send(page: ListPage): Step {
  const { addresses, places } = page;
  if (page.screen !== 'plan' || page.sending || addresses === undefined || places === undefined) return [page];
  return [{ ...page, sending: true, problem: undefined }, (connector) => connector.start(addresses, places)];
}

/** The worker cannot be reached, after a few tries. */
export const lost = (page: ListPage): Step => [{ ...page, screen: 'unreachable' }];
