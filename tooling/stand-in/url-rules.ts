export const MAX_URL_LENGTH = 2048;

/** The framework's validation sentences for the `url` field, one per rule. */
export const URL_RULE_MESSAGES = {
  required: 'The url field is required.',
  string: 'The url field must be a string.',
  max: `The url field may not be greater than ${MAX_URL_LENGTH} characters.`,
  url: 'The url field must be a valid URL.',
  scheme: 'The url field must start with one of the following: http://, https://.',
} as const;

export type UrlCheck = { valid: true; url: string } | { valid: false; message: string };

/**
 * Applies the contract's rules to the decoded request body, in the order the
 * framework would (required, string, max, url, starts_with), reporting the first failure.
 */
export function checkUrlField(body: unknown): UrlCheck {
  const value = isRecord(body) ? body['url'] : undefined;
  if (value === undefined || value === null || value === '') return invalid('required');
  if (typeof value !== 'string') return invalid('string');
  // Counted in code points, as the framework's mb_strlen does.
  if ([...value].length > MAX_URL_LENGTH) return invalid('max');
  const parsed = parseUrl(value);
  if (parsed === undefined) return invalid('url');
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return invalid('scheme');
  return { valid: true, url: value };
}

function invalid(rule: keyof typeof URL_RULE_MESSAGES): UrlCheck {
  return { valid: false, message: URL_RULE_MESSAGES[rule] };
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
