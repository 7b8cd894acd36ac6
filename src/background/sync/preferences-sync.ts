import { FIRST_ACCOUNT_ID, type Account } from '../../storage/accounts';
import { localArea, tokenVault } from '../../storage/extension-storage';
import { readSettings } from '../../storage/settings';
import type { Settings } from '../../storage/settings-schema';
import { syncChangesAfter } from '../../storage/sync-changes';
import { isValidPreference, readChangedAt, readSynced, readSyncBase, writeSynced, writeSyncBase, writeSyncHeld } from '../../storage/sync-area';
import { giveBackHostAccess } from '../../platform/host-access';
import { backgroundHistory, historyFailed } from '../service/history-access';
import { reconcile, SYNCED_KEYS, type SyncedKey, type SyncedValue } from '../../storage/synced-preferences';
import { errorText } from '../../platform/error-text';

/**
 * Keeps the synced preferences and this machine's in step (issue 21): told
 * of a change on either side (or of the extension's install or the
 * browser's start), it merges them (synced-preferences.ts) a moment later, so a burst of changes is one write (storage.sync allows 120
 * writes a minute). Off when the user turned sync off: nothing is read from
 * or written to sync then.
 */
const SETTLE_MS = 1_000;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> = Promise.resolve();

export function syncPreferencesSoon(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(() => syncPreferences()).catch((error: unknown) => {
      // A quota or a browser without sync: this machine's preferences stand, and the next change tries again.
      console.warn('Shrtnr: the preferences could not be synced.', errorText(error));
    });
  }, SETTLE_MS);
}

/** One merge: takes what another browser changed, gives what this one did, and records what both now hold. */
export async function syncPreferences(now = Date.now()): Promise<void> {
  // A stored value this machine cannot read reads as its fallback (no accounts, for one): never a change to give.
  const unreadable = new Set<string>();
  const unstored = new Set<string>();
  // Read before the settings: a save landing in between then shows as a new time when checked again below.
  const changedAt = await readChangedAt();
  const { syncPreferences: on, ...local } = await readSettings(localArea, [...SYNCED_KEYS, 'syncPreferences'], ({ key }) => unreadable.add(key), (key) => unstored.add(key));
  if (!on) return;
  const [base, synced, defaultToken] = await Promise.all([readSyncBase(), readSynced(), tokenVault().then((vault) => vault.read([FIRST_ACCOUNT_ID]))]);
  // An install that stored no accounts has the default one; unless a token was saved for it (an install from before
  // accounts, on the default server), it is nobody's choice, and joining would add it to every machine's list.
  const defaultAccountsOnly = unstored.has('accounts') && defaultToken[FIRST_ACCOUNT_ID] === undefined;
  const actions = reconcile({ local, base, synced, defaultAccountsOnly, changedAt }, now, isValidPreference).flatMap((action) => {
    if (!unreadable.has(action.key) || action.kind === 'take') return [action];
    // Mended from sync when sync holds a value this machine may store; else left as it is, neither given nor agreed.
    const mend = synced[action.key];
    return mend !== undefined && isValidPreference(action.key, mend.value) ? [{ kind: 'take' as const, key: action.key, value: mend.value }] : [];
  });
  const taken: Partial<Settings> = {};
  const given: Partial<Record<SyncedKey, SyncedValue>> = {};
  for (const action of actions) {
    if (action.kind === 'take') Object.assign(taken, { [action.key]: action.value });
    if (action.kind === 'give') given[action.key] = action.item;
  }
  const renamed = actions.flatMap((action) => (action.kind === 'take' && action.renamed !== undefined ? [action.renamed] : []))[0];
  // The user saved a preference while this merge read: it would be overwritten with what was read before. Nothing is
  // written, and the next merge reads it (asked for here too: a save of an unchanged value stamps it, yet fires no change).
  if (JSON.stringify(await readChangedAt()) !== JSON.stringify(changedAt)) {
    syncPreferencesSoon();
    return;
  }
  // Taken values were checked by isValidPreference, as writeSettings would: written as they are (with the active
  // account's new id, in the same write, when a first join renamed it).
  if (renamed !== undefined) Object.assign(taken, await renamedTokensMoved(renamed));
  // Written with the accounts it took: what another machine changed (a server, the active account removed) is said before it is used.
  // A new install's default account was nobody's (defaultAccountsOnly): sync's list replacing it removed nothing of the user's here.
  const before = defaultAccountsOnly ? [] : local.accounts;
  if (taken.accounts !== undefined) taken.changedBySync = await changedHere(before, { accounts: taken.accounts, activeAccount: taken.activeAccount }, renamed, synced.accounts?.at);
  if (Object.keys(taken).length > 0) await localArea.set(taken);
  if (renamed !== undefined) await forgetOldIds(renamed, local.accounts);
  if (taken.accounts !== undefined) await forgetRemovedAccounts(local.accounts, taken.accounts);
  await writeSynced(given);
  // Not agreed: a value too large for sync (it stays here), or two sides held apart.
  const apart = new Set(actions.filter((action) => action.kind === 'too-large' || action.kind === 'held').map((action) => action.key));
  const agreed = Object.fromEntries(
    SYNCED_KEYS.filter((key) => !apart.has(key) && (key in taken || !unreadable.has(key))).map((key) => [key, key in taken ? taken[key] : local[key]]),
  );
  const next = { ...base, ...agreed };
  // Written only when it moved: a merge that found both sides in step writes nothing.
  if (JSON.stringify(next) !== JSON.stringify(base)) await writeSyncBase(next);
  await writeSyncHeld(actions.flatMap((action) => (action.kind === 'held' ? [action.key] : [])));
}

/**
 * This machine's accounts a first join kept under new ids (sync has their
 * ids for other servers): each token is copied to its account's new id,
 * before the new list is stored (a worker stopped in between leaves a copy
 * no account names, never an account without its token); the active account
 * to store with the list, when it is one of them.
 */
async function renamedTokensMoved(renamed: Record<string, string>): Promise<Partial<Settings>> {
  const vault = await tokenVault();
  const [tokens, { activeAccount }] = await Promise.all([vault.read(Object.keys(renamed)), readSettings(localArea, ['activeAccount'])]);
  for (const [oldId, newId] of Object.entries(renamed)) {
    const saved = tokens[oldId];
    if (saved !== undefined) await vault.write(newId, saved);
  }
  const active = renamed[activeAccount];
  return active === undefined ? {} : { activeAccount: active };
}

/** The record of what merges changed here (sync-changes.ts), once this one takes `taken` (its accounts, and an active account renamed). */
async function changedHere(before: readonly Account[], taken: { accounts: Account[]; activeAccount: string | undefined }, renamed: Record<string, string> | undefined, at = Date.now()): Promise<Settings['changedBySync']> {
  const { activeAccount, changedBySync } = await readSettings(localArea, ['activeAccount', 'changedBySync']);
  return syncChangesAfter(changedBySync, { accounts: before, activeAccount }, { accounts: taken.accounts, activeAccount: taken.activeAccount ?? activeAccount }, renamed, at);
}

/** Once the renamed list is stored: the old ids' tokens go (sync's accounts of those ids are on other servers), and their links are the new ids'. */
async function forgetOldIds(renamed: Record<string, string>, before: readonly Account[]): Promise<void> {
  await (await tokenVault()).remove(Object.keys(renamed));
  for (const [oldId, newId] of Object.entries(renamed)) {
    const server = before.find(({ id }) => id === oldId)?.server;
    if (server !== undefined) await backgroundHistory().moveAccount(oldId, newId, server).catch(historyFailed('written'));
  }
}

/**
 * Accounts removed on another machine are removed here too: their tokens
 * with them (a token left behind would belong to nothing); and the host
 * access of every server no account uses any more (removed, or moved to
 * another server) is given back.
 */
async function forgetRemovedAccounts(before: readonly Account[], after: readonly Account[]): Promise<void> {
  const removed = before.filter(({ id }) => !after.some((account) => account.id === id));
  await (await tokenVault()).remove(removed.map(({ id }) => id));
  await giveBackHostAccess(before.map(({ server }) => server), after.map(({ server }) => server));
}
