import * as z from 'zod/mini';
import { schemaFor } from './schema-for';

z.config({ jitless: true });

/**
 * A campaign as it is stored (a preset in the settings, a queued request's,
 * a history entry's name): query parameters (`utm_source`, `utm_medium`,
 * `utm_campaign`, optional `utm_term`, `utm_content`, and any others the
 * user names) added to an address before it is shortened
 * (src/shortening/campaign-tags.ts), so that each tagged address is its own
 * short link.
 */
export interface CampaignParam {
  key: string;
  value: string;
}

/** A campaign: its name (as history shows it) and its parameters, in order. */
export interface Campaign {
  name: string;
  params: CampaignParam[];
}

/** What every campaign names; `utm_term` and `utm_content` are offered as optional. */
export const REQUIRED_CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export const OPTIONAL_CAMPAIGN_KEYS = ['utm_term', 'utm_content'] as const;

/** A parameter's name: what a query's name is made of when nothing in it needs escaping. */
export const CAMPAIGN_KEY = /^[A-Za-z0-9_.~-]{1,64}$/;
export const MAX_CAMPAIGN_VALUE = 200;
export const MAX_CAMPAIGN_PARAMS = 12;
export const MAX_CAMPAIGN_NAME = 60;

// A value holding half of a character (a lone UTF-16 surrogate, as some copying leaves of an emoji; `isWellFormed`) is
// refused by the forms, not here: one stored before they did would lose every preset beside it (the list is one
// setting). Tagging mends it (campaign-tags.ts).
const paramSchema = z.strictObject({
  key: z.string().check(z.refine((key) => CAMPAIGN_KEY.test(key))),
  value: z.string().check(z.minLength(1), z.maxLength(MAX_CAMPAIGN_VALUE)),
});

const distinctKeys = (params: readonly CampaignParam[]) => new Set(params.map(({ key }) => key.toLowerCase())).size === params.length;

/**
 * A campaign within bounds, as a value that crossed a boundary (storage, a
 * port, a file, the popup's form) must be: a name, and 1 to 12 parameters,
 * each a plain name once (in any case) with a value. Strict objects: exactly
 * these fields, nothing else rides along into storage or sync.
 */
export const campaignSchema = schemaFor<Campaign>()(z.strictObject({
  name: z.string().check(z.maxLength(MAX_CAMPAIGN_NAME), z.refine((name) => name.trim() !== '')),
  params: z.array(paramSchema).check(z.minLength(1), z.maxLength(MAX_CAMPAIGN_PARAMS), z.refine(distinctKeys)),
}));

/** The campaign, if the value is one within bounds (campaignSchema). */
export function asCampaign(value: unknown): Campaign | undefined {
  const parsed = campaignSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
