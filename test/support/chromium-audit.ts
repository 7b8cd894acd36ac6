import type { BrowserContext, Page, Worker } from 'playwright-core';
import { TokenAudit, withTimeout, type AuditSources } from './token-audit';

/** Feeds a TokenAudit every console line of a Playwright (Chromium) context: its pages and service workers. */
export class ChromiumAuditWatcher {
  private readonly watched = new WeakSet<object>();

  constructor(
    readonly audit: TokenAudit,
    private readonly context: BrowserContext,
  ) {
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
    context.on('serviceworker', (worker) => this.watchWorker(worker));
    for (const worker of context.serviceWorkers()) this.watchWorker(worker);
  }

  watchWorker(worker: Worker): void {
    if (this.watched.has(worker)) return;
    this.watched.add(worker);
    worker.on('console', (message) => this.audit.record(`worker ${worker.url()}`, `${message.type()}: ${message.text()}`));
  }

  /** The audit's sources in this context: open pages' markup, and storage.sync as `readSyncStorage` reads it. */
  sources(readSyncStorage: () => Promise<unknown>): AuditSources {
    return {
      pageMarkups: async () => {
        const open = this.context.pages().filter((page) => !page.isClosed());
        const markups = await Promise.all(open.map((page) => withTimeout(page.content(), 5_000).catch(() => '')));
        return open.map((page, index) => ({ url: page.url(), markup: markups[index] ?? '' }));
      },
      readSyncStorage,
    };
  }

  private watchPage(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('console', (message) => this.audit.record(`page ${page.url()}`, `${message.type()}: ${message.text()}`));
  }
}
