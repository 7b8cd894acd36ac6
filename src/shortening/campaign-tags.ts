import type { CampaignParam } from '../storage/campaign';

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
  if (params.length === 0 || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return url;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const tagged = new Set(params.map(({ key }) => key.toLowerCase()));
  const kept = queryAt === -1 ? [] : beforeHash.slice(queryAt + 1).split('&').filter((pair) => pair !== '' && !tagged.has(decodedName(pair).toLowerCase()));
  const added = params.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return `${base}?${[...kept, ...added].join('&')}${fragment}`;
}

function decodedName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}
