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

/** Whether a value that crossed a boundary (storage, a port, a file) is a campaign within bounds. */
export function isCampaign(value: unknown): value is Campaign {
  // Exactly a name and its parameters, each exactly a key and a value: nothing else rides along into storage or sync.
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 2) return false;
  const { name, params } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_CAMPAIGN_NAME) return false;
  if (!Array.isArray(params) || params.length === 0 || params.length > MAX_CAMPAIGN_PARAMS) return false;
  // Each parameter a plain name, once (in any case), with a value within bounds.
  const seen = new Set<string>();
  return params.every((param: unknown) => {
    if (typeof param !== 'object' || param === null || Object.keys(param).length !== 2) return false;
    const { key, value: paramValue } = param as Record<string, unknown>;
    if (typeof key !== 'string' || !CAMPAIGN_KEY.test(key) || seen.has(key.toLowerCase())) return false;
    seen.add(key.toLowerCase());
    return typeof paramValue === 'string' && paramValue !== '' && paramValue.length <= MAX_CAMPAIGN_VALUE;
  });
}
