import * as z from 'zod/mini';
import { schemaFor } from './schema-for';
import type { StorageAreaLike } from './settings';
import { storedItem } from './stored-item';

z.config({ jitless: true });

/**
 * A short link's host the user accepted for a page's host, from the popup's
 * offer ("Use youtu.be links on www.youtube.com"): with the setting on, a
 * page there that declares its own short link on that host has it used
 * without asking. Hosts as a URL's `hostname` gives them (lower case,
 * punycode, no port).
 */
export interface AcceptedPageLinkHost {
  page: string;
  link: string;
}

/**
 * storage.local's key: on this machine only, never synced. Which sites the
 * user reads is browsing history, which stays here too (history is
 * IndexedDB, on this machine); and a trust given on one machine is given
 * there, where its user saw the link it names.
 */
export const PAGE_LINK_HOSTS_KEY = 'pageLinkHosts';

/** How many it keeps: accepting one more forgets the one accepted longest ago. */
export const MAX_PAGE_LINK_HOSTS = 100;

export const DEFAULT_PAGE_LINK_HOSTS: readonly AcceptedPageLinkHost[] = [];

const isHostname = (value: string) => URL.canParse(`https://${value}/`) && new URL(`https://${value}/`).hostname === value;
const hostname = z.string().check(z.minLength(1), z.maxLength(253), z.refine(isHostname));
const acceptedSchema = z.array(schemaFor<AcceptedPageLinkHost>()(z.object({ page: hostname, link: hostname }))).check(z.maxLength(MAX_PAGE_LINK_HOSTS));

/** The pair, if both are hostnames as a URL writes them (what the popup sends is checked again here). */
export function asAcceptedPageLinkHost(value: unknown): AcceptedPageLinkHost | undefined {
  const parsed = acceptedSchema.safeParse([value]);
  return parsed.success ? parsed.data[0] : undefined;
}

/** What the user accepted, oldest first; a stored value that is not a valid list reads as none (nothing used without asking), and is said. */
const pageLinkHosts = storedItem<readonly AcceptedPageLinkHost[]>(
  PAGE_LINK_HOSTS_KEY,
  (stored) => {
    const parsed = acceptedSchema.safeParse(stored);
    if (!parsed.success) console.warn(`Shrtnr: invalid stored "${PAGE_LINK_HOSTS_KEY}", none accepted.`);
    return parsed.success ? parsed.data : undefined;
  },
  DEFAULT_PAGE_LINK_HOSTS,
);

export const readPageLinkHosts = async (area: StorageAreaLike): Promise<AcceptedPageLinkHost[]> => [...(await pageLinkHosts.get(area))];

const same = (a: AcceptedPageLinkHost, b: AcceptedPageLinkHost) => a.page === b.page && a.link === b.link;

/** Whether the user accepted this short link's host for this page's host. */
export const isAccepted = (accepted: readonly AcceptedPageLinkHost[], pair: AcceptedPageLinkHost): boolean => accepted.some((each) => same(each, pair));

/** Accepts the pair (the newest, once), forgetting the oldest beyond MAX_PAGE_LINK_HOSTS. */
export async function acceptPageLinkHost(area: StorageAreaLike, pair: AcceptedPageLinkHost): Promise<void> {
  const kept = (await readPageLinkHosts(area)).filter((each) => !same(each, pair));
  await pageLinkHosts.set(area, [...kept, pair].slice(-MAX_PAGE_LINK_HOSTS));
}

/** Forgets the pair: its page's short links on that host are offered again, not used. */
export async function forgetPageLinkHost(area: StorageAreaLike, pair: AcceptedPageLinkHost): Promise<void> {
  const accepted = await readPageLinkHosts(area);
  if (isAccepted(accepted, pair)) await pageLinkHosts.set(area, accepted.filter((each) => !same(each, pair)));
}
