import type { CampaignParam } from '../storage/campaign';
import { isWebUrl, pairName, queryParts } from './query-pairs';

export type { Campaign, CampaignParam } from '../storage/campaign';

/**
 * The address with the campaign's parameters: a parameter of the same name
 * already there (in any case, escaped or not) is replaced rather than
 * doubled; each value is percent-encoded, so no `&`, `#` or `=` in it can
 * start another parameter or a fragment; the rest of the address stays byte
 * for byte (the query is cut on `&`, not reserialised). Anything but an
 * absolute http(s) URL comes back as given (the checks that follow refuse it).
 */
export function withCampaign(url: string, params: readonly CampaignParam[]): string {
  if (params.length === 0 || !isWebUrl(url)) return url;
  const { base, pairs = [], fragment } = queryParts(url);
  const tagged = new Set(params.map(({ key }) => key.toLowerCase()));
  const kept = pairs.filter((pair) => pair !== '' && !tagged.has(pairName(pair).toLowerCase()));
  const added = params.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return `${base}?${[...kept, ...added].join('&')}${fragment}`;
}
