/**
 * Words that, as a query or fragment parameter's name (or a word of it),
 * usually mean the value opens something: a sign-in or reset token, an OAuth
 * code, a session, an API key, a signed URL's signature, a password. Such a
 * link is shortened as asked, but the popup says plainly that the server, and
 * history, now hold it (SECURITY.md, "Addresses that carry secrets").
 */
const SECRET_WORDS = new Set([
  'token',
  'code',
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'session',
  'sessionid',
  'sid',
  'key',
  'apikey',
  'sig',
  'signature',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'otp',
  'jwt',
]);

/** A parameter name's words: split at `-`, `_`, `.`, spaces and lower-to-upper case changes ("X-Amz-Signature", "sessionId"). */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[-_.\s[\]]+/)
    .filter((word) => word !== '');
}

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    // A malformed escape is compared as written.
    return name;
  }
}

/**
 * The names (as written, once each, in order) of the URL's query and fragment
 * parameters that look like they carry a secret; none for anything but an
 * absolute http(s) URL.
 */
export function secretLookingParams(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const { protocol, search, hash } = new URL(url);
  if (!/^https?:$/.test(protocol)) return [];
  // `#access_token=…` (OAuth's implicit flow) is a fragment, and is sent with the rest.
  const pairs = [search.slice(1), hash.slice(1)].flatMap((part) => (part === '' ? [] : part.split('&')));
  const names: string[] = [];
  for (const pair of pairs) {
    const name = decoded(pair.split('=', 1)[0] ?? '');
    if (name !== '' && !names.includes(name) && wordsOf(name).some((word) => SECRET_WORDS.has(word))) names.push(name);
  }
  return names;
}
