import * as z from 'zod/mini';
import { safeShortUrl } from '../api/short-url';
import { checkLongUrl } from '../api/url-checks';
import { xmlText } from '../platform/xml-text';
import { schemaFor } from './schema-for';
import { storedTime } from './stored-time';
import { WAYS_IN, type WayIn } from './ways-in';

z.config({ jitless: true });

export { WAYS_IN, type WayIn };

/** One successful shortening, as history keeps it (on this machine only). */
export interface HistoryEntry {
  /** The key: one entry per short link. Validated (https, no credentials) before it is stored. */
  shortUrl: string;
  /** The URL that was shortened, as sent (after any tracking parameters were removed). */
  longUrl: string;
  /** The server's origin (e.g. https://shrtnr.co): the cache answers only for the server in use. */
  server: string;
  /** The page's title, when the way in knew it; without what XML 1.0 forbids (xml-text.ts), however it came. */
  title?: string;
  /** When it was shortened, in ms since the epoch. */
  createdAt: number;
  via: WayIn;
  /** Credits the request used, as the server reported (absent if it did not). */
  used?: number;
  /**
   * 'imported' for an entry that came from a history file rather than from a
   * shortening on this machine (absent: made here, as every entry before v2
   * of the database). The cache never answers with an imported entry: a file
   * anyone can write must not decide which short link a page gets.
   */
  origin?: typeof IMPORTED;
  /** The page's own short link (its `<link rel="shortlink">`), used instead of asking the server; `server` is then the origin that serves it. */
  pageOwn?: true;
  /** The campaign its address was tagged with (a preset's name, or the campaign typed). */
  campaign?: string;
  /** The account that made it (accounts.ts, by id); absent: made before accounts, by the first (accountOfEntry). */
  account?: string;
}

/** The mark of an imported entry; a string, as IndexedDB indexes no booleans. */
export const IMPORTED = 'imported';

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
const isOrigin = (value: string) => URL.canParse(value) && new URL(value).origin === value;

/**
 * What a stored or imported entry must be to be shown, copied or used by the
 * cache. Anything else (a corrupt record, a hand-edited import) is skipped.
 */
export const historyEntrySchema = schemaFor<HistoryEntry>()(
  z.object({
    shortUrl: z.string().check(z.refine((value) => safeShortUrl(value) === value)),
    longUrl: z.string().check(z.maxLength(2048), z.refine(isHttpUrl)),
    server: z.string().check(z.refine(isOrigin)),
    title: z.optional(z.string().check(z.maxLength(1024))),
    createdAt: storedTime(),
    via: z.enum(WAYS_IN),
    used: z.optional(z.number().check(z.refine((value) => Number.isInteger(value) && value >= 0))),
    origin: z.optional(z.literal(IMPORTED)),
    pageOwn: z.optional(z.literal(true)),
    campaign: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    account: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
);

/**
 * The entry, if the value is a valid one (extra fields dropped), else undefined. An imported entry's long URL must
 * also pass the checks a link the user shortens passes (checkLongUrl: no credentials, as in
 * https://bank.example@evil.example/, no line break inside…), checked as it is read, so that an entry a file brought
 * in before the import asked it (or one edited in the database since) is never shown or opened either. An entry made
 * here passed them as it was made.
 */
export function asHistoryEntry(value: unknown): HistoryEntry | undefined {
  const parsed = historyEntrySchema.safeParse(value);
  if (!parsed.success) return undefined;
  if (parsed.data.origin === IMPORTED && !checkLongUrl(parsed.data.longUrl).ok) return undefined;
  // Stripped as it is read, so a title recorded before (or a file's) never breaks the address bar's suggestions.
  const { title } = parsed.data;
  return title === undefined ? parsed.data : { ...parsed.data, title: xmlText(title) };
}

/**
 * Whether `next` may take the place of `kept`, an entry with the same short
 * link. A link made here is only ever replaced by its own server's word:
 * never by a page's claim (its `<link rel="shortlink">`) nor by another
 * server's answer, which would put another long URL behind the user's link
 * and turn its cache away. Its server may say it again for another account
 * of the user's (one removed and added again has a new id). A file's entry or
 * a page's own link gives way to any link made here.
 */
export function mayReplace(kept: HistoryEntry, next: HistoryEntry): boolean {
  if (kept.origin === IMPORTED || kept.pageOwn === true) return true;
  return next.pageOwn !== true && next.server === kept.server;
}

/** The newest entries made here (never imported ones), for the popup; none while history is off. */
export interface RecentHistory {
  enabled: boolean;
  entries: HistoryEntry[];
}

/** How many entries history keeps; recording one more drops the oldest. */
export const MAX_HISTORY_ENTRIES = 10_000;

/** What merging entries into history did (an import, an undo), exactly enough to undo it. */
export interface MergeOutcome {
  /** The short links of the entries added, and still there once history was trimmed to its bound. */
  added: string[];
  /** Already there (same short link): left as they were. */
  alreadyThere: number;
  /** Not kept because history is full: imported entries go first, oldest first, and these were among them. */
  overBound: number;
  /** Entries that were there before and were removed to make room (imported ones, oldest first; see history-trim.ts). */
  dropped: HistoryEntry[];
}

/** What undoing a merge did. */
export interface UnmergeOutcome {
  /** Entries the merge had added that were removed (those still imported). */
  removed: number;
  /** Entries the merge had dropped that were put back (those whose short link was free). */
  restored: number;
}

/**
 * History on this machine: an IndexedDB database shared by every context of
 * the extension (worker or background page, popup, history and options
 * pages). Every method is one transaction, so two contexts writing at the
 * same moment lose nothing.
 */
export interface HistoryStore {
  /** Records a shortening (replacing an entry with the same short link when mayReplace says it may), then trims to MAX_HISTORY_ENTRIES: imported entries first, then the oldest. */
  record(entry: HistoryEntry): Promise<void>;
  /** The newest entry with this long URL made by this account on this server and on this machine (never an imported one), if any: the cache. */
  findCached(server: string, longUrl: string, account: string): Promise<HistoryEntry | undefined>;
  /** The newest `limit` entries, newest first; corrupt records are skipped, and imported ones too if asked. */
  recent(limit: number, options?: { madeHereOnly?: boolean }): Promise<HistoryEntry[]>;
  /** Every entry, newest first, and how many records were skipped as corrupt. */
  all(): Promise<{ entries: HistoryEntry[]; skipped: number }>;
  count(): Promise<number>;
  /** Deletes one entry; resolves to it (for an undo), or undefined if it was not there. */
  remove(shortUrl: string): Promise<HistoryEntry | undefined>;
  /** Deletes every entry; resolves to what was deleted (for an undo). */
  clear(): Promise<HistoryEntry[]>;
  /** Adds entries not already there (by short link), then trims to MAX_HISTORY_ENTRIES, imported entries first. */
  merge(entries: readonly HistoryEntry[]): Promise<MergeOutcome>;
  /**
   * Undoes a merge (an import), from its outcome: deletes the entries it
   * added (those still imported: one since recorded here stays), puts back
   * the ones it dropped (unless their short link is taken again).
   */
  undoMerge(added: readonly string[], dropped: readonly HistoryEntry[]): Promise<UnmergeOutcome>;
  /** Credits the cache has saved so far (each reuse counts what the link first cost, or 1). */
  creditsSaved(): Promise<number>;
  /** Counts a reuse of a cached entry. */
  countReuse(entry: HistoryEntry): Promise<void>;
  /** The links account `from` made here on `server` become account `to`'s (sync kept that account under a new id). */
  moveAccount(from: string, to: string, server: string): Promise<void>;
  /** Calls back when any context changed history; returns the unsubscribe. */
  onChange(callback: () => void): () => void;
}
