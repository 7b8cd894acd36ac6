import * as z from 'zod/mini';
import { schemaFor } from './schema-for';
import { hostOf } from './token-binding';

z.config({ jitless: true });

/**
 * The accounts a user shortens with (issue 21): each a name, a server and
 * (on this machine only, account-tokens.ts) the token saved for that server.
 * One is active: the popup, the shortcut and every way in without a choice
 * of its own use it. The list (names and servers, never a token) may follow
 * the user through the browser's sync (synced-preferences.ts).
 */
export interface Account {
  /** Unique, never shown; the key of its token and of the links it made (history's `account`). */
  id: string;
  /** As the popup, the menu and history name it; unique in any case. */
  name: string;
  /** Its server, normalised (checkServerUrl). */
  server: string;
}

/**
 * The first account's id: the single server and token of earlier versions
 * became this account, and a history entry that names no account was made
 * by it (every link made before accounts).
 */
export const FIRST_ACCOUNT_ID = 'account-1';
export const MAX_ACCOUNTS = 10;
export const MAX_ACCOUNT_NAME = 60;
const ACCOUNT_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The name an account gets when none is typed: its server's host, within the names' bound. */
export const defaultAccountName = (server: string): string => hostOf(server).slice(0, MAX_ACCOUNT_NAME);

/** A new account's id: random, so that two machines adding accounts never pick the same one. */
export const newAccountId = (): string => `account-${crypto.randomUUID()}`;

/** The account whose history entry this is (one made before accounts names none: the first account made it). */
export const accountOfEntry = (entry: { account?: string }): string => entry.account ?? FIRST_ACCOUNT_ID;

const distinct = (values: readonly string[]) => new Set(values).size === values.length;

/**
 * A list of accounts within bounds, as a value that crossed a boundary
 * (storage, sync) must be: ids and names each unique (names in any case),
 * names trimmed; `validServer` checks each server as the settings store it.
 * Strict objects: exactly these three fields, nothing else (a token least of
 * all) rides along into storage or sync.
 */
export const accountListSchema = (validServer: (server: string) => boolean): z.ZodMiniType<Account[]> =>
  schemaFor<Account[]>()(
    z.array(
      z.strictObject({
        id: z.string().check(z.refine((id) => ACCOUNT_ID.test(id))),
        name: z.string().check(z.minLength(1), z.maxLength(MAX_ACCOUNT_NAME), z.refine((name) => name.trim() === name)),
        server: z.string().check(z.refine(validServer)),
      }),
    ).check(
      z.maxLength(MAX_ACCOUNTS),
      z.refine((accounts) => distinct(accounts.map(({ id }) => id)) && distinct(accounts.map(({ name }) => name.toLowerCase()))),
    ),
  );

/**
 * The account a way in uses: the one it names, else the active one, else the
 * first; undefined when there is none, the one named is gone, or the active
 * one was removed by another machine (`removedElsewhere`: its id), when the
 * first is not the user's choice.
 */
export function chosenAccount(accounts: readonly Account[], activeId: string, namedId?: string, removedElsewhere?: string): Account | undefined {
  if (namedId !== undefined) return accounts.find(({ id }) => id === namedId);
  return accounts.find(({ id }) => id === activeId) ?? (activeId === removedElsewhere ? undefined : accounts[0]);
}

/** Two machines' accounts joined, and this machine's accounts kept under a new id: old id → new. */
export interface AccountsUnion {
  accounts: Account[];
  renamed: Record<string, string>;
}

/**
 * The lists of two machines that never agreed before (one joins sync): every
 * account of both, sync's first, past the bound of accounts too (the merge
 * then holds both lists as they are: synced-preferences.ts). An id both hold
 * is one account when both have it on the same server (sync's name); on
 * different servers they are two (every install from before accounts has
 * `account-1`), and this machine's is kept under a new id (`renamed`: its
 * token moves with it). A name both use for different accounts gets this
 * machine's server host after it, or a number.
 */
export function unionOfAccounts(synced: readonly Account[], local: readonly Account[], newId: () => string = newAccountId): AccountsUnion {
  const accounts = [...synced];
  const renamed: Record<string, string> = {};
  for (const account of local) {
    const same = accounts.find(({ id }) => id === account.id);
    if (same !== undefined && same.server === account.server) continue;
    const id = same === undefined ? account.id : (renamed[account.id] = newId());
    const taken = (name: string) => accounts.some((other) => other.name.toLowerCase() === name.toLowerCase());
    accounts.push({ ...account, id, name: freeName(account.name, hostOf(account.server), taken) });
  }
  return { accounts, renamed };
}

/**
 * Two machines' accounts that both changed since they last agreed (`base`):
 * an account added on either side is kept, one removed on either side goes,
 * and one both changed is the later side's (`localIsLater`); sync's order
 * first, then this machine's additions (named apart as in a union). No
 * account goes that neither side removed: each carries a token somewhere.
 */
export function mergedAccounts(base: readonly Account[], local: readonly Account[], synced: readonly Account[], localIsLater: boolean): Account[] {
  const byId = (list: readonly Account[]) => new Map(list.map((account) => [account.id, account]));
  const [was, mine, theirs] = [byId(base), byId(local), byId(synced)];
  const same = (a: Account | undefined, b: Account | undefined) => a !== undefined && b !== undefined && a.name === b.name && a.server === b.server;
  // Removed on one side: it was there, and one side has it no more.
  const kept = (id: string) => !(was.has(id) && (!mine.has(id) || !theirs.has(id)));
  const pick = (ours: Account | undefined, their: Account, before: Account | undefined): Account => {
    if (ours === undefined || same(ours, their) || same(ours, before)) return their;
    return same(their, before) || localIsLater ? ours : their;
  };
  const picked = synced.filter(({ id }) => kept(id)).map((account) => pick(mine.get(account.id), account, was.get(account.id)));
  const added = local.filter(({ id }) => !theirs.has(id) && kept(id));
  // Each name once: a name a side gave one account while the other gave it another gets its server's host after it.
  const merged: Account[] = [];
  for (const account of [...picked, ...added]) {
    const taken = (name: string) => merged.some((other) => other.name.toLowerCase() === name.toLowerCase());
    merged.push({ ...account, name: freeName(account.name, hostOf(account.server), taken) });
  }
  return merged;
}

/** `stem` cut to leave room for `suffix`, then the suffix: within the names' bound, trimmed. */
const within = (stem: string, suffix: string): string => `${stem.slice(0, Math.max(1, MAX_ACCOUNT_NAME - suffix.length)).trim()}${suffix}`.slice(0, MAX_ACCOUNT_NAME).trim();

/** `name`, or else it with `(host)` after it, or a number: within the names' bound, trimmed, and taken by no other. */
function freeName(name: string, host: string, taken: (name: string) => boolean): string {
  // Two lists of at most MAX_ACCOUNTS each: among 2 × MAX_ACCOUNTS + 2 names, one is free.
  const candidates = [name, within(name, ` (${host})`), ...Array.from({ length: 2 * MAX_ACCOUNTS }, (_, index) => within(name, ` (${index + 2})`))];
  return candidates.find((candidate) => candidate !== '' && !taken(candidate)) ?? name;
}
