import type { BrowserContext, ConsoleMessage, Page, Worker } from 'playwright-core';
import type { RecordedRequest, StandIn } from './stand-in/server';

/**
 * Watches everything an e2e session sees, and at the end says where a token
 * showed up that it must never be: a console line of any context, a URL, a
 * request body, a header other than Authorization, any request to another
 * origin or over plain http, storage.sync, or a page's markup.
 */
export class TokenAudit {
  private readonly tokens = new Set<string>();
  private readonly consoleLines: string[] = [];
  private readonly watched = new WeakSet<object>();

  constructor(private readonly context: BrowserContext) {
    context.on('page', (page) => this.watchPage(page));
    for (const page of context.pages()) this.watchPage(page);
    context.on('serviceworker', (worker) => this.watchWorker(worker));
    for (const worker of context.serviceWorkers()) this.watchWorker(worker);
  }

  /** A token the session put into play: the audit looks for each of them. */
  track(token: string | undefined): void {
    if (token !== undefined && token.trim().length >= 4) this.tokens.add(token.trim());
  }

  get consoleLineCount(): number {
    return this.consoleLines.length;
  }

  watchWorker(worker: Worker): void {
    if (this.watched.has(worker)) return;
    this.watched.add(worker);
    worker.on('console', (message) => this.record(`worker ${worker.url()}`, message));
  }

  private watchPage(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    page.on('console', (message) => this.record(`page ${page.url()}`, message));
  }

  private record(source: string, message: ConsoleMessage): void {
    this.consoleLines.push(`${source}: ${message.type()}: ${message.text()}`);
  }

  /** Every place a tracked token was found; empty when none leaked. */
  async findLeaks(servers: { api: StandIn; otherOrigin: StandIn }, readSyncStorage: () => Promise<unknown>): Promise<string[]> {
    const leaks: string[] = [];
    const contains = (text: string | undefined) => text !== undefined && [...this.tokens].some((token) => text.includes(token));

    for (const line of this.consoleLines) if (contains(line)) leaks.push(`console: ${line.slice(0, 200)}`);

    for (const request of servers.api.requests()) {
      const where = `${request.scheme} ${request.method} ${request.path}`;
      if (request.scheme !== 'https' && contains(JSON.stringify(request))) leaks.push(`plain-http request: ${where}`);
      if (contains(request.path) || contains(JSON.stringify(request.query))) leaks.push(`URL: ${where}`);
      if (contains(request.body)) leaks.push(`request body: ${where}`);
      for (const [name, value] of Object.entries(request.headers)) {
        if (name !== 'authorization' && contains(value)) leaks.push(`header ${name}: ${where}`);
      }
    }
    for (const request of servers.otherOrigin.requests()) {
      if (contains(JSON.stringify(request))) leaks.push(`request to another origin: ${describe(request)}`);
    }

    for (const page of this.context.pages()) {
      if (page.isClosed()) continue;
      const markup = await withTimeout(page.content(), 5_000).catch(() => '');
      if (contains(markup)) leaks.push(`page markup: ${page.url()}`);
    }

    // Failing to read it is a finding too.
    const sync = await withTimeout(readSyncStorage(), 10_000).catch(
      (error: unknown) => `unreadable: ${String(error)}`,
    );
    if (typeof sync === 'string') leaks.push(`storage.sync could not be checked (${sync})`);
    else if (contains(JSON.stringify(sync))) leaks.push('storage.sync');
    return leaks;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

function describe(request: RecordedRequest): string {
  return `${request.scheme} ${request.method} ${request.path}`;
}
