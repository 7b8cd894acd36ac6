// The stores' listing words, one source per language: store/listings/<locale>.json
// holds the description, what's new, the screenshots' captions and the promo
// tile's line. The name and the summary are the manifest's own (_locales'
// extensionName and extensionDescription): the Chrome Web Store shows the
// manifest's description as the summary, so a second copy could only drift.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const STORE_LOCALES = ['en', 'de', 'fr', 'es', 'ar'] as const;
export type StoreLocale = (typeof STORE_LOCALES)[number];
export const STORES = ['chrome', 'firefox', 'edge'] as const;
export type Store = (typeof STORES)[number];
export const SCENES = ['popup', 'menu', 'history', 'settings'] as const;
export type Scene = (typeof SCENES)[number];

/**
 * Limits in characters (code points). The stores' own: the manifest's name
 * (45, Chrome's manifest rule; AMO allows 50) and description (132, both
 * browsers' manifest rule, the Chrome Web Store's summary and Edge Add-ons'
 * short description, which is the manifest's); AMO's summary (250). Edge
 * Add-ons takes a description under 10,000.
 * The house's, far inside what either store's form takes: the description and
 * what's new; a caption and the tile's line, which must fit their pictures (the
 * renderer also refuses text that overflows).
 */
export const LIMITS = {
  name: 45,
  summary: { chrome: 132, firefox: 250, edge: 132 },
  description: 3_000,
  whatsNew: 500,
  caption: 70,
  tagline: 32,
} as const;

const listingSource = z.strictObject({
  tagline: z.string().min(1),
  description: z.string().min(1),
  whatsNew: z.string().min(1),
  captions: z.strictObject({ popup: z.string().min(1), menu: z.string().min(1), history: z.string().min(1), settings: z.string().min(1) }),
});

export interface Listing extends z.infer<typeof listingSource> {
  locale: StoreLocale;
  name: string;
  summary: string;
}

const messages = z.record(z.string(), z.object({ message: z.string() }));

/** One language's listing: its source file with the manifest's name and summary in that language. */
export async function readListing(root: string, locale: StoreLocale): Promise<Listing> {
  const source = listingSource.parse(JSON.parse(await readFile(join(root, 'store/listings', `${locale}.json`), 'utf8')));
  const catalogue = messages.parse(JSON.parse(await readFile(join(root, 'public/_locales', locale, 'messages.json'), 'utf8')));
  const message = (key: string): string => {
    const text = catalogue[key]?.message;
    if (text === undefined) throw new Error(`public/_locales/${locale}/messages.json has no ${key}.`);
    return text;
  };
  return { ...source, locale, name: message('extensionName'), summary: message('extensionDescription') };
}

const length = (text: string): number => [...text].length;

/** What in a listing breaks a limit, as sentences naming the field, the store and the numbers; empty when all fit. */
export function listingProblems(listing: Listing): string[] {
  const problems: string[] = [];
  const check = (field: string, text: string, limit: number): void => {
    if (length(text) > limit) problems.push(`${listing.locale}: ${field} is ${length(text)} characters, over ${limit}.`);
  };
  check('the name', listing.name, LIMITS.name);
  for (const store of STORES) check(`the summary (${store})`, listing.summary, LIMITS.summary[store]);
  // Edge Add-ons shows the manifest's name and description as they are: no other browser's name in them.
  for (const [field, text] of [['the name', listing.name], ['the summary', listing.summary]] as const) {
    if (/chrome/i.test(text)) problems.push(`${listing.locale}: ${field} names Chrome, which Edge Add-ons shows as it is.`);
  }
  check('the description', listing.description, LIMITS.description);
  check("what's new", listing.whatsNew, LIMITS.whatsNew);
  check("the promo tile's line", listing.tagline, LIMITS.tagline);
  for (const scene of SCENES) check(`the ${scene} caption`, listing.captions[scene], LIMITS.caption);
  return problems;
}

/** The text files of one store's listing in one language: what its form asks for, ready to paste. */
export function listingFiles(listing: Listing, store: Store): Record<string, string> {
  const files: Record<string, string> = {
    'name.txt': `${listing.name}\n`,
    'summary.txt': `${listing.summary}\n`,
    'description.txt': `${listing.description}\n`,
  };
  // The Chrome Web Store has no field for release notes; addons.mozilla.org asks for them with each version.
  if (store === 'firefox') files['whats-new.txt'] = `${listing.whatsNew}\n`;
  return files;
}
