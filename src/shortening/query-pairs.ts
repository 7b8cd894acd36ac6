/**
 * An address cut around its query, for changing some parameters while the
 * rest stays byte for byte (the query is cut on `&`, not reserialised, which
 * would rewrite `%20` as `+` and more): what comes before the `?`, the
 * query's pairs as written, and the fragment (with its `#`). `pairs` is
 * undefined when there is no query at all.
 */
export interface QueryParts {
  base: string;
  pairs: string[] | undefined;
  fragment: string;
}

export function queryParts(url: string): QueryParts {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return { base: beforeHash, pairs: undefined, fragment };
  return { base: beforeHash.slice(0, queryAt), pairs: beforeHash.slice(queryAt + 1).split('&'), fragment };
}

/** A pair's name as a server reads it (`+` a space, escapes decoded); as written when an escape is malformed ("%zz"). */
export function pairName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** Whether the address is an absolute http(s) URL: the only ones whose query these change. */
export const isWebUrl = (url: string): boolean => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
