import { MAX_URL_LENGTH } from '../../src/api/url-checks';

/**
 * The contract's rule for a short URL the extension may show, copy or store:
 * absolute https (short links live under the https base URL), no user name or
 * password, at most 2048 characters. Also
 * required: a host, and the value is the parser's own serialisation (so what
 * is shown is exactly what a browser would open).
 * Returns the broken part of the rule, or undefined when the value is safe.
 */
export function shortUrlRuleViolation(value: string): string | undefined {
  if (!URL.canParse(value)) return 'does not parse as an absolute URL';
  const parsed = new URL(value);
  if (parsed.protocol !== 'https:') return `has the scheme ${parsed.protocol}`;
  if (parsed.username !== '' || parsed.password !== '') return 'carries credentials';
  if (parsed.hostname === '') return 'has no host';
  if (value.length > MAX_URL_LENGTH) return `is ${value.length} characters long`;
  if (parsed.href !== value) return `is not its own serialisation (${parsed.href})`;
  return undefined;
}
