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

function isTracking(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replaceAll('+', ' '));
  } catch {
    // A malformed escape ("%zz") names no tracker we know: compare it as written.
  }
  name = name.toLowerCase();
  return name.startsWith('utm_') || TRACKING_NAMES.has(name);
}

/**
 * The URL without its tracking parameters, and the names removed (as written,
 * once each, in order). The rest stays byte for byte: the query is cut on `&`
 * rather than reserialised, which would rewrite `%20` as `+` and more.
 * Anything but an absolute http(s) URL comes back as given.
 */
export function removeTrackingParams(url: string): { url: string; removed: string[] } {
  const unchanged = { url, removed: [] };
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return unchanged;
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return unchanged;

  const removed: string[] = [];
  const kept = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      if (!isTracking(name)) return true;
      if (!removed.includes(name)) removed.push(name);
      return false;
    });
  if (removed.length === 0) return unchanged;
  const query = kept.join('&');
  return { url: beforeHash.slice(0, queryAt) + (query === '' ? '' : `?${query}`) + fragment, removed };
}
