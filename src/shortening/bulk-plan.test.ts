import { describe, expect, it } from 'vitest';
import { planBulk } from './bulk-plan';

const own = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';
const plan = (urls: (string | undefined)[], stripTracking = false) => planBulk(urls.map((url, index) => ({ url, title: `Tab ${index + 1}` })), { stripTracking, ownBaseUrl: own });

describe('planBulk', () => {
  it('keeps web pages in tab order, prepared as they would be sent', () => {
    expect(plan(['https://example.com/a', 'http://例え.jp/b c'])).toEqual([
      { url: 'https://example.com/a', title: 'Tab 1', prepared: { longUrl: 'https://example.com/a', removedParams: [] } },
      { url: 'http://例え.jp/b c', title: 'Tab 2', prepared: { longUrl: 'http://xn--r8jz45g.jp/b%20c', removedParams: [] } },
    ]);
  });

  it("skips browser pages, tabs with no address yet and this extension's own pages, each with its reason", () => {
    const skips = plan(['chrome://settings/', 'about:blank', 'moz-extension://other/page.html', undefined, `${own}src/history/index.html`, 'edge://newtab/']).map((tab) => 'skip' in tab && tab.skip);
    expect(skips).toEqual([
      { reason: 'browser-page' },
      { reason: 'browser-page' },
      { reason: 'browser-page' },
      { reason: 'browser-page' },
      { reason: 'own-page' },
      { reason: 'browser-page' },
    ]);
  });

  it('skips what no server may be sent, with the error that says why', () => {
    const skips = plan(['file:///home/me/notes.txt', 'https://user:pw@example.com/', `https://example.com/${'x'.repeat(2100)}`]).map((tab) => 'skip' in tab && tab.skip);
    expect(skips).toEqual([
      { reason: 'not-shortenable', error: { kind: 'unsupported-scheme', scheme: 'file:' } },
      { reason: 'not-shortenable', error: { kind: 'credentials-in-url' } },
      { reason: 'not-shortenable', error: { kind: 'url-too-long', length: 2120, limit: 2048 } },
    ]);
  });

  it('skips a tab whose long URL an earlier tab has, naming the earlier one', () => {
    const planned = plan(['https://example.com/a', 'https://example.com/b', 'https://EXAMPLE.com/a', 'https://example.com/b']);
    expect(planned.map((tab) => ('skip' in tab ? tab.skip : 'kept'))).toEqual(['kept', 'kept', { reason: 'duplicate', of: 1 }, { reason: 'duplicate', of: 2 }]);
  });

  it('compares long URLs after tracking parameters are removed, when that is the setting', () => {
    const urls = ['https://example.com/a?utm_source=x', 'https://example.com/a?utm_source=y'];
    expect(plan(urls, true).map((tab) => ('skip' in tab ? tab.skip : tab.prepared))).toEqual([
      { longUrl: 'https://example.com/a', removedParams: ['utm_source'] },
      { reason: 'duplicate', of: 1 },
    ]);
    expect(plan(urls, false).every((tab) => 'prepared' in tab)).toBe(true);
  });

  it("says of a list's address only why it cannot be sent: a browser's page or a file typed in a list is no tab", () => {
    const listed = planBulk(['chrome://settings/', 'about:blank', '', `${own}src/history/index.html`, 'ftp://example.com/x', 'not a link', 'https://example.com/a'].map((url) => ({ url })), { stripTracking: false });
    expect(listed.map((entry) => ('skip' in entry ? entry.skip : 'kept'))).toEqual([
      { reason: 'not-shortenable', error: { kind: 'unsupported-scheme', scheme: 'chrome:' } },
      { reason: 'not-shortenable', error: { kind: 'unsupported-scheme', scheme: 'about:' } },
      { reason: 'not-shortenable', error: { kind: 'empty-url' } },
      { reason: 'not-shortenable', error: { kind: 'unsupported-scheme', scheme: 'chrome-extension:' } },
      { reason: 'not-shortenable', error: { kind: 'unsupported-scheme', scheme: 'ftp:' } },
      { reason: 'not-shortenable', error: { kind: 'malformed-url' } },
      'kept',
    ]);
  });
});
