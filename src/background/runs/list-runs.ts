import { checkServerUrl } from '../../api/url-checks';
import { failure, success, type Result } from '../../api/result';
import type { ListStartError } from '../../messages/list-port';
import { planBulk, type PlannedTab } from '../../shortening/bulk-plan';
import { hasEnded } from '../../shortening/bulk-run-state';
import { listPlan, type ListPlan } from '../../shortening/list-plan';
import { planningPace } from '../../shortening/run-pace';
import { accountFor, missingAccount, readSendingSettings, type SendingSettings } from '../../storage/account-tokens';
import type { Account } from '../../storage/accounts';
import { localArea, tokenVault } from '../../storage/extension-storage';
import type { ListRun } from '../../storage/session/list-run';
import { backgroundHistory, historyFailed } from '../service/history-access';
import { cannotSend, paceOf, sendingAccount } from '../service/shortening-service';
import { LIST_RUN, listBook, listKind } from './list-book';
import { runSize } from './run-capacity';
import { cancelLinks, feed, takeOutOfQueue } from './run-links';

/**
 * "Shorten a list": the addresses the list page sends, planned (what they
 * come to before anything is sent) and run, each through the shortening
 * service like a tab of a tabs run (the history cache, then the one queue
 * that waits out the server's limit; the user's own clicks go first). One
 * list at a time; the page follows it over its port (entries/list-port.ts),
 * and it goes on with the page closed or the worker stopped (resume-runs.ts).
 */

/** The starts asked for, one after the other: each sees the run the one before it started. */
let starts: Promise<unknown> = Promise.resolve();

/** What the list would come to with the settings of now: nothing is sent, nothing kept. */
export async function planList(addresses: readonly string[]): Promise<Result<ListPlan, ListStartError>> {
  const ready = await readyToSend(addresses);
  if (!ready.ok) return ready;
  const { settings, account, planned } = ready.value;
  const held = await Promise.all(planned.map((entry) => ('prepared' in entry ? historyHolds(settings, account, entry.prepared.longUrl) : false)));
  return success(listPlan(planned, held, planningPace(paceOf(account))));
}

/**
 * Starts shortening the list the page sent. While a list runs, or has ended
 * and is not yet closed, the same page asking again (its port back after the
 * worker stopped) gets that run; any other page is refused, its list kept
 * where it is.
 */
export function startListRun(addresses: readonly string[], places: readonly number[], privateWindow: boolean, page: string): Promise<Result<ListRun, ListStartError>> {
  const started = starts.then(() => startRun(addresses, places, privateWindow, page));
  starts = started.catch(() => undefined);
  return started;
}

async function startRun(addresses: readonly string[], places: readonly number[], privateWindow: boolean, page: string): Promise<Result<ListRun, ListStartError>> {
  const all = await listBook.runs();
  const going = all.get(LIST_RUN);
  // An ended run not yet closed still holds the place: its table may not have been seen (a list that ended at once).
  if (going !== undefined) return going.startedBy === page ? success(going) : failure({ kind: 'list-running' });
  // Read once for the whole run: the plan, and every address's shortening, follow the settings of the click.
  const ready = await readyToSend(addresses);
  if (!ready.ok) return ready;
  const { settings, account, planned } = ready.value;
  const run: ListRun = {
    id: crypto.randomUUID(),
    startedAt: Date.now(),
    // A list sent from a private window's page is never recorded in history, like any shortening there.
    private: privateWindow,
    pace: planningPace(paceOf(account)),
    account: account.id,
    paused: false,
    items: planned.map((entry) => ({ url: entry.url, status: 'skip' in entry ? { state: 'skipped', skip: entry.skip } : { state: 'queued' } })),
    // Kept only when the list had gaps or a heading: a plain list's rows are its items' order.
    ...(places.some((place, index) => place !== index + 1) ? { places: [...places] } : {}),
    startedBy: page,
  };
  // Refused up front rather than failing half-way: every write of the run holds all of it.
  const size = runSize(run, account.server, listKind.ahead(run));
  if (!size.fits) return failure({ kind: 'list-too-large', addresses: size.tabs, most: size.most });
  all.set(LIST_RUN, run);
  // Fed once the run is written: a job journalled before it would be dropped by the next worker as nobody's.
  void listBook.changed(run, 'now').then(() => feed(listKind, run, settings));
  return success(run);
}

/** Its addresses waiting in the queue come out of it; those not sent wait until it goes on. */
export async function pauseListRun(): Promise<void> {
  const run = await runGoing();
  if (run === undefined || run.paused) return;
  run.paused = true;
  takeOutOfQueue(run);
  await listBook.changed(run, 'now');
}

/**
 * Goes on from where it was paused, with the settings of now; refused, the run kept paused, when they cannot send
 * with its account (its token cleared, the account removed): its addresses would all fail at once, past resuming.
 */
export async function resumeListRun(): Promise<Result<void, ListStartError>> {
  const run = await runGoing();
  if (run === undefined || !run.paused) return success(undefined);
  const settings = await readSendingSettings(localArea, await tokenVault());
  const unsendable = cannotSendWith(run, settings);
  if (unsendable !== undefined) return failure(unsendable);
  run.paused = false;
  await listBook.changed(run, 'now');
  await feed(listKind, run, settings);
  return success(undefined);
}

/** Why the run's own account (the active one, for a run that names none) can send nothing with these settings, if so. */
function cannotSendWith(run: ListRun, settings: SendingSettings): ListStartError | undefined {
  // Found as the service finds a request's account (shortening-service.ts).
  const account = accountFor(settings, run.account);
  if (account === undefined) return run.account === undefined ? missingAccount(settings) : { kind: 'list-account-removed' };
  return cannotSend(account, settings);
}

/** The addresses still waiting end cancelled; one whose request is under way finishes. */
export async function cancelListRun(): Promise<void> {
  const run = await runGoing();
  if (run !== undefined) cancelLinks(listKind, run);
}

/** Forgets an ended run (the page's "New list"): its addresses are kept no longer (its links are in history). */
export async function dismissListRun(): Promise<void> {
  const all = await listBook.runs();
  const run = all.get(LIST_RUN);
  if (run === undefined || !hasEnded(run)) return;
  all.delete(LIST_RUN);
  listBook.gone(LIST_RUN, false);
}

/** Private browsing ended (its last window closed): a list sent from a private window is forgotten, its addresses still waiting dropped. */
export async function forgetPrivateListRun(): Promise<void> {
  const all = await listBook.runs();
  const run = all.get(LIST_RUN);
  if (run === undefined || !run.private) return;
  // Forgotten first: its end, if cancelling ends it, is nobody's to be told of.
  all.delete(LIST_RUN);
  cancelLinks(listKind, run);
  // The pages watching stay: they are normal windows' now, which hear that there is no run.
  listBook.gone(LIST_RUN, false);
}

async function runGoing(): Promise<ListRun | undefined> {
  const run = (await listBook.runs()).get(LIST_RUN);
  return run === undefined || hasEnded(run) ? undefined : run;
}

/** The settings, the account and the plan of the addresses, when something can be sent with them (else why not). */
async function readyToSend(addresses: readonly string[]): Promise<Result<{ settings: SendingSettings; account: Account; planned: PlannedTab[] }, ListStartError>> {
  const settings = await readSendingSettings(localArea, await tokenVault());
  const account = sendingAccount(settings);
  if (!account.ok) return account;
  const planned = planBulk(
    addresses.map((url) => ({ url })),
    { stripTracking: settings.stripTracking },
  );
  return success({ settings, account: account.value, planned });
}

/** Whether history holds the link this account made for the address (the cache a shortening asks first). */
async function historyHolds(settings: SendingSettings, account: Account, longUrl: string): Promise<boolean> {
  const server = checkServerUrl(account.server);
  if (!settings.history || !server.ok) return false;
  return (await backgroundHistory().findCached(server.value, longUrl, account.id).catch(historyFailed('read'))) !== undefined;
}
