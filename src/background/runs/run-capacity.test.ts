import { describe, expect, it } from 'vitest';
import type { BulkItem, BulkRun } from '../../messages/bulk-port';
import { RUN_BUDGET_BYTES, SESSION_QUOTA_BYTES } from '../../storage/session/session-budget';
import { runSize, tabBytes } from './run-capacity';

const SERVER = 'https://shrtnr.co';

function runOf(items: BulkItem[]): BulkRun {
  return { id: crypto.randomUUID(), windowId: 1, startedAt: Date.now(), private: false, pace: { limit: 60, windowMs: 60_000 }, items };
}

/** A tab at almost the longest address the API takes (2,048 characters). */
const longestTab = (index: number): BulkItem => ({ url: `https://example.com/${String(index).padStart(4, '0')}/${'a'.repeat(2_020)}`, status: { state: 'queued' } });

/** A tab as people keep them: an article's address with a query, and its title. */
const typicalTab = (index: number): BulkItem => ({
  url: `https://www.example-news.com/2026/11/25/a-rather-long-article-slug-about-things-${index}?utm_source=feed&ref=home`,
  title: `A rather long article title about things, number ${index} | Example News`,
  status: { state: 'queued' },
});

describe("a tabs run's size in storage.session", () => {
  it('a thousand typical tabs take some 1 MB: about a tenth of the quota, and within one run\'s share', () => {
    const perTab = tabBytes(typicalTab(1), SERVER);
    // Written down in docs/design/rate-limit-queue.md: about 1,000 bytes a tab (its place in the run and its job in the journal).
    expect(perTab).toBeGreaterThan(700);
    expect(perTab).toBeLessThan(1_100);
    const size = runSize(runOf(Array.from({ length: 1_000 }, (_, index) => typicalTab(index))), SERVER);
    expect(size.fits).toBe(true);
    // Each job names its account (issue 21): some 55 bytes a tab, a few percent past a tenth.
    expect(size.bytes).toBeLessThan((1.1 * SESSION_QUOTA_BYTES) / 10);
    // About 5,000 such tabs in one run's share (4,900 or so since jobs name their account).
    expect(size.most).toBeGreaterThan(4_800);
  });

  it('refuses, with how many would fit, a window whose tabs would not: here a thousand at the longest address allowed', () => {
    const size = runSize(runOf(Array.from({ length: 1_000 }, (_, index) => longestTab(index))), SERVER);
    expect(size.fits).toBe(false);
    expect(size.tabs).toBe(1_000);
    expect(size.bytes).toBeGreaterThan(RUN_BUDGET_BYTES);
    expect(size.most).toBeGreaterThan(500);
    expect(size.most).toBeLessThan(1_000);
  });

  it('counts only the tabs it would shorten: skipped ones stay as they are', () => {
    const skipped: BulkItem = { url: 'chrome://settings', status: { state: 'skipped', skip: { reason: 'browser-page' } } };
    expect(runSize(runOf([skipped, skipped]), SERVER)).toMatchObject({ tabs: 0, fits: true });
  });

  it('keeps a list of 10,000 typical addresses within its share when a few hundred wait in the queue at once, where all at once would not fit', () => {
    const list = runOf(Array.from({ length: 10_000 }, (_, index) => ({ url: `https://www.example-news.com/2026/11/25/an-article-${index}?ref=home`, status: { state: 'queued' } })));
    expect(runSize(list, SERVER).fits).toBe(false);
    const fed = runSize(list, SERVER, 120);
    expect(fed.fits).toBe(true);
    expect(fed.most).toBeGreaterThan(10_000);
  });
});
