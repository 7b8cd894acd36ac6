import { isWebUrl, pairName, queryParts } from './query-pairs';

// Click and recipient identifiers of ad, analytics and e-mail platforms: names
// that Firefox's query stripping, Brave's query filter and uBlock Origin's
// removeparam lists agree on, and that only say who clicked where; none
// changes what the page shows. Names that are tracking on one site but may
// mean something elsewhere (Twitter's `ref_src`, a bare `ref` or `cid`) stay.
const TRACKING_NAMES = new Set([
  'fbclid', // Facebook
  'gclid', 'dclid', 'gbraid', 'wbraid', // Google Ads, Campaign Manager
  'msclkid', // Microsoft Ads
  'yclid', // Yandex
  'igshid', // Instagram shares
  'twclid', // X (Twitter) ads
  'ttclid', // TikTok ads
  'li_fat_id', // LinkedIn ads
  'mc_cid', 'mc_eid', // Mailchimp
  '_hsenc', '_hsmi', // HubSpot
  'mkt_tok', // Marketo
  'oly_anon_id', 'oly_enc_id', // Omeda Olytics
  'vero_id', 'vero_conv', // Vero
  'rb_clickid', // Rakuten
  's_cid', // Adobe Analytics
]);

function isTracking(pair: string): boolean {
  const name = pairName(pair).toLowerCase();
  return name.startsWith('utm_') || TRACKING_NAMES.has(name);
}

/**
 * The URL without its tracking parameters, and the names removed (as written,
 * once each, in order). The rest stays byte for byte (query-pairs.ts).
 * Anything but an absolute http(s) URL comes back as given.
 */
export function removeTrackingParams(url: string): { url: string; removed: string[] } {
  const unchanged = { url, removed: [] };
  if (!isWebUrl(url)) return unchanged;
  const { base, pairs, fragment } = queryParts(url);
  if (pairs === undefined) return unchanged;

  const removed: string[] = [];
  const kept = pairs.filter((pair) => {
    if (!isTracking(pair)) return true;
    const name = pair.split('=', 1)[0] ?? '';
    if (!removed.includes(name)) removed.push(name);
    return false;
  });
  if (removed.length === 0) return unchanged;
  const query = kept.join('&');
  return { url: base + (query === '' ? '' : `?${query}`) + fragment, removed };
}
