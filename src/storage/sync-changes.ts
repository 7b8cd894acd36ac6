import * as z from 'zod/mini';
import type { Account } from './accounts';
import { storedTime } from './stored-time';

/**
 * What the merges with sync changed here that nobody did on this machine
 * (the `changedBySync` setting, written with what a merge takes): so the
 * settings page can say where and when a change came from before a token is
 * used with a server another machine chose, and no way in shortens with an
 * account the user here did not pick.
 * - `servers`: each account whose server a merge moved, the server it took,
 *   and when the other machine's user changed it (ms since the epoch);
 * - `activeRemoved`: the active account, when a merge removed it (its id,
 *   name, and that time): no account is active until the user picks one.
 */
export const syncChangesSchema = z.object({
  servers: z.record(z.string(), z.object({ server: z.string(), at: storedTime() })),
  activeRemoved: z.nullable(z.object({ id: z.string(), name: z.string(), at: storedTime() })),
});

export type SyncChanges = z.infer<typeof syncChangesSchema>;

export const NO_SYNC_CHANGES: SyncChanges = { servers: {}, activeRemoved: null };

/** This machine's accounts and active account, as a merge finds and leaves them (a first join may rename ids: old → new). */
interface AccountsState {
  accounts: readonly Account[];
  activeAccount: string;
}

/**
 * The record once a merge took `after` (changed on another machine at `at`):
 * the servers it moved, the ones recorded before that still stand, and the
 * active account it removed (or the one recorded before, while none is picked).
 */
export function syncChangesAfter(previous: SyncChanges, before: AccountsState, after: AccountsState, renamed: Record<string, string> = {}, at = Date.now()): SyncChanges {
  const serverOf = new Map(before.accounts.map(({ id, server }) => [renamed[id] ?? id, server]));
  const servers: SyncChanges['servers'] = {};
  for (const { id, server } of after.accounts) {
    const recorded = previous.servers[id];
    if (serverOf.has(id) && serverOf.get(id) !== server) servers[id] = { server, at };
    else if (recorded?.server === server) servers[id] = recorded;
  }
  const stillActive = after.accounts.some(({ id }) => id === after.activeAccount);
  const removedNow = before.accounts.find(({ id }) => id === before.activeAccount);
  const activeRemoved = stillActive ? null : removedNow !== undefined ? { id: after.activeAccount, name: removedNow.name, at } : previous.activeRemoved;
  return { servers, activeRemoved };
}
