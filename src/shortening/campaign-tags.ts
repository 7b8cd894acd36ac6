import type { CampaignParam } from '../storage/campaign';
import { isWebUrl, pairName, queryParts } from './query-pairs';

export type { Campaign, CampaignParam } from '../storage/campaign';

/** `utm_` tags describe one campaign together: a campaign that sets any replaces all those already there. */
const isCampaignTag = (name: string): boolean => name.toLowerCase().startsWith('utm_');

/**
 * The address with the campaign's parameters: a parameter of the same name
 * already there (in any case, escaped or not) is replaced rather than
 * doubled, and so is every other `utm_` tag when the campaign sets one (an
 * ad's `utm_content` left beside a newsletter's source would credit the
 * newsletter's clicks to the ad): those are `dropped`, by name. Each value is
 * percent-encoded, so no `&`, `#` or `=` in it can start another parameter
 * or a fragment; the rest of the address stays byte for byte (the query is
 * cut on `&`, not reserialised). Anything but an absolute http(s) URL comes
 * back as given (the checks that follow refuse it).
 */
export function withCampaign(url: string, params: readonly CampaignParam[]): { url: string; dropped: string[] } {
  if (params.length === 0 || !isWebUrl(url)) return { url, dropped: [] };
  const { base, pairs = [], fragment } = queryParts(url);
  const tagged = new Set(params.map(({ key }) => key.toLowerCase()));
  const retagsCampaign = params.some(({ key }) => isCampaignTag(key));
  // By name as a server reads it, once whatever its case (utm_content and UTM_CONTENT are one tag to the popup's line).
  const dropped = new Map<string, string>();
  const kept = pairs.filter((pair) => {
    const name = pairName(pair);
    const lower = name.toLowerCase();
    if (pair === '' || tagged.has(lower)) return false;
    if (!retagsCampaign || !isCampaignTag(name)) return true;
    if (!dropped.has(lower)) dropped.set(lower, name);
    return false;
  });
  // Half a character (a preset stored before the forms refused one) becomes U+FFFD, as a browser shows it: encodeURIComponent throws on it.
  const added = params.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value.toWellFormed())}`);
  return { url: `${base}?${[...kept, ...added].join('&')}${fragment}`, dropped: [...dropped.values()] };
}
