import * as z from 'zod/mini';
import { mergedAccounts, unionOfAccounts } from './accounts';
import type { Settings } from './settings-schema';
import { schemaFor } from './schema-for';
import { bySchema, storedFamily } from './stored-item';
import { storedTime } from './stored-time';

z.config({ jitless: true });

/**
 * Preferences that follow the user through the browser's own sync
 * (`storage.sync`, issue 21): how links are copied and prepared, history
 * on or off, the campaign presets, and the accounts' names and servers.
 * Never a token (a credential stays on the machine it was typed on: a synced
 * account asks for its token on each machine), nor which account is active.
 */
export const SYNCED_KEYS = ['autoCopy', 'copyFormat', 'stripTracking', 'history', 'usePageShortLink', 'campaignPresets', 'accounts'] as const;
export type SyncedKey = (typeof SYNCED_KEYS)[number];

/** One preference in storage.sync: its value and when it was changed (ms since the epoch, on the machine that changed it; a time a Date holds). */
export interface SyncedValue {
  value: unknown;
  at: number;
}

/**
 * storage.sync's items, `pref:<key>` → the preference's value and when it
 * was changed; anything else there is as nothing. The value is checked as a
 * stored setting is before it is taken (reconcile's `valid`).
 */
export const syncedItems = storedFamily('pref:', bySchema(schemaFor<SyncedValue>()(z.object({ value: z.unknown(), at: storedTime() }))));

export const isSyncedKey = (key: string): key is SyncedKey => (SYNCED_KEYS as readonly string[]).includes(key);

/**
 * storage.local's `changedAt:<key>`: when this machine's user last set a
 * synced preference (ms since the epoch; settings-writer.ts stamps it in the
 * same write as the value), its change's time in a merge. Anything but a time is as none.
 */
export const changedAtItems = storedFamily('changedAt:', bySchema(storedTime()));

/** Chrome's and Firefox's storage.sync quota for one item: its key and its value as JSON, in bytes. */
export const SYNC_ITEM_QUOTA_BYTES = 8_192;

export const syncItemBytes = (key: SyncedKey, item: SyncedValue): number => new TextEncoder().encode(syncedItems.key(key) + JSON.stringify(item)).length;

/** What reconciling one preference comes to. */
export type SyncAction =
  /** Another machine changed it: this machine takes its value (a first join's accounts: with the ids of this machine's accounts kept under new ones, old → new). */
  | { kind: 'take'; key: SyncedKey; value: unknown; renamed?: Record<string, string> }
  /** This machine changed it: sync gets its value, stamped with when it changed here (a merged list of accounts: now). */
  | { kind: 'give'; key: SyncedKey; item: SyncedValue }
  /** This machine changed it, but it is too large for one sync item: it stays here, and the settings page says so. */
  | { kind: 'too-large'; key: SyncedKey; bytes: number }
  /** Both sides stay as they are, and nothing is agreed: two machines' accounts that together would be more than this machine may store (none is dropped, nor its token). */
  | { kind: 'held'; key: SyncedKey };

export interface SyncState {
  /** This machine's values. */
  local: Pick<Settings, SyncedKey>;
  /** What this machine and sync last agreed on, per preference (absent: never). */
  base: Partial<Record<SyncedKey, unknown>>;
  /** What sync holds (absent: nothing, or nothing readable). */
  synced: Partial<Record<SyncedKey, SyncedValue>>;
  /** When this machine's user last set each preference (absent: not known; the merge's own time stands in). */
  changedAt?: Partial<Record<SyncedKey, number>>;
  /**
   * This machine's accounts are only the default one, never stored nor given
   * a token (a new install): on its first join they are not the user's, and
   * sync's list is taken as it is (one sync has none of still gets them).
   */
  defaultAccountsOnly?: boolean;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A three-way merge of each preference, against what this machine and sync
 * last agreed on (`base`): a side that changed since wins; when both did, the
 * later change does (this machine's at the time its user set it, `changedAt`,
 * else `now`), so two machines changing one preference end with the last change,
 * never a mix (each preference, the preset list included, is one item), but
 * for the accounts, whose additions and removals on both sides are kept
 * (mergedAccounts): an account goes only where a side removed it. A
 * machine that never agreed with sync takes sync's values (the user's
 * preferences follow them to it), except its accounts, which join sync's
 * (and sync gets them all); one sync has nothing of gives its own. A value
 * in sync this machine may not store (a newer build's shape, or a damaged
 * item) is replaced with this machine's only when this machine changed its
 * own since they last agreed: one that changed nothing leaves it be, else a
 * preference chosen on a newer build would be lost there too (for accounts,
 * with their tokens). `valid` says whether sync's value is one this machine
 * may take (checked as a stored setting is).
 */
export function reconcile(state: SyncState, now: number, valid: (key: SyncedKey, value: unknown) => boolean, newId?: () => string): SyncAction[] {
  const actions: SyncAction[] = [];
  for (const key of SYNCED_KEYS) {
    const local = state.local[key];
    const synced = state.synced[key];
    if (synced !== undefined && same(local, synced.value)) continue;
    const inBase = key in state.base;
    // The time of this machine's change, not of the merge: a change whose merge waited (the browser closed within the
    // settling second, or sync was off) must not beat a later change another machine made meanwhile.
    const localAt = Math.min(state.changedAt?.[key] ?? now, now);
    if (synced !== undefined && valid(key, synced.value)) {
      const localChanged = inBase && !same(local, state.base[key]);
      const syncChanged = !inBase || !same(synced.value, state.base[key]);
      if (!inBase && key === 'accounts') {
        const { accounts: union, renamed } = unionOfAccounts(synced.value as Settings['accounts'], state.defaultAccountsOnly === true ? [] : state.local.accounts, newId);
        // Checked as sync's own value was: a union this machine could not store (more accounts than it keeps) is held, not cut.
        if (!valid(key, union)) {
          actions.push({ kind: 'held', key });
          continue;
        }
        actions.push({ kind: 'take', key, value: union, ...(Object.keys(renamed).length > 0 ? { renamed } : {}) });
        if (!same(union, synced.value)) actions.push(giveOrTooLarge(key, { value: union, at: now }));
        continue;
      }
      // Both changed the accounts: each side's additions and removals, not one list whole (the other's would lose
      // accounts nobody removed, and their tokens with them).
      if (key === 'accounts' && localChanged && syncChanged) {
        // A record of the last agreement that is no list of accounts (damaged): as if none, so nothing counts as removed.
        const agreedAccounts = valid(key, state.base.accounts) ? (state.base.accounts as Settings['accounts']) : [];
        const merged = mergedAccounts(agreedAccounts, state.local.accounts, synced.value as Settings['accounts'], synced.at <= localAt);
        if (!valid(key, merged)) {
          actions.push({ kind: 'held', key });
          continue;
        }
        if (!same(merged, local)) actions.push({ kind: 'take', key, value: merged });
        if (!same(merged, synced.value)) actions.push(giveOrTooLarge(key, { value: merged, at: now }));
        continue;
      }
      if (!inBase || (syncChanged && (!localChanged || synced.at > localAt))) {
        actions.push({ kind: 'take', key, value: synced.value });
        continue;
      }
    } else if (synced !== undefined) {
      // A value here this machine may not store: replaced only by a change made here since they last agreed. Never
      // agreed, accounts are not pressed on a list this machine cannot read: the others would take it, and lose theirs.
      if (inBase ? same(local, state.base[key]) : key === 'accounts') continue;
    }
    actions.push(giveOrTooLarge(key, { value: local, at: localAt }));
  }
  return actions;
}

function giveOrTooLarge(key: SyncedKey, item: SyncedValue): SyncAction {
  const bytes = syncItemBytes(key, item);
  return bytes > SYNC_ITEM_QUOTA_BYTES ? { kind: 'too-large', key, bytes } : { kind: 'give', key, item };
}
