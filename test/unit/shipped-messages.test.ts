import { describe, expect, it } from 'vitest';
import { withPlaceholdersInPlace } from '../../scripts/build/target-builds';

const PLACEHOLDERS = { done: { content: '$1' }, total: { content: '$2' } };

describe('a shipped message (scripts/build/target-builds.ts)', () => {
  it('has each placeholder replaced by its substitution, whatever the case it is named in', () => {
    expect(withPlaceholdersInPlace('$DONE$ of $Total$ done; $done$ again', PLACEHOLDERS, 'en/x')).toBe('$1 of $2 done; $1 again');
    expect(withPlaceholdersInPlace('No placeholder, 5 $ and $$ as they are', {}, 'en/x')).toBe('No placeholder, 5 $ and $$ as they are');
  });

  it('refuses a placeholder it does not declare, one that is not a substitution, and one a digit follows', () => {
    expect(() => withPlaceholdersInPlace('$MISSING$ here', PLACEHOLDERS, 'de/x')).toThrow('de/x: the message names $MISSING$, which it does not declare.');
    expect(() => withPlaceholdersInPlace('$SITE$', { site: { content: 'Example.com' } }, 'fr/x')).toThrow(/not a substitution/);
    expect(() => withPlaceholdersInPlace('$DONE$0 items', PLACEHOLDERS, 'es/x')).toThrow(/followed by a digit/);
  });
});
