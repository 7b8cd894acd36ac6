import type { RecordedRequest, StandIn } from './stand-in/server';

/** What a browser harness can hand the audit at the end of a session. */
export interface AuditSources {
  /** The markup of every page still open, with its URL. */
  pageMarkups(): Promise<{ url: string; markup: string }[]>;
  /** Everything in storage.sync, read from an extension context. */
  readSyncStorage(): Promise<unknown>;
}

/**
 * Says at the end of an e2e session where a token showed up that it must
 * never be: a console line of any context, a URL, a request body, a header
 * other than Authorization, any request to another origin or over plain
 * http, storage.sync, or a page's markup. It knows no browser: each harness
 * feeds it console lines (Chromium: test/support/chromium-audit.ts;
 * Firefox: the browser's own console output, see firefox-browser.ts).
 */
export class TokenAudit {
  private readonly tokens = new Set<string>();
  private readonly consoleLines: string[] = [];

  /** A token the session put into play: the audit looks for each of them. */
  track(token: string | undefined): void {
    if (token !== undefined && token.trim().length >= 4) this.tokens.add(token.trim());
  }

  /** A console line, or anything else a context printed, with where it came from. */
  record(source: string, text: string): void {
    this.consoleLines.push(`${source}: ${text}`);
  }

  get consoleLineCount(): number {
    return this.consoleLines.length;
  }

  /** Every place a tracked token was found; empty when none leaked. */
  async findLeaks(servers: { api: StandIn; otherOrigin: StandIn }, sources: AuditSources): Promise<string[]> {
    const leaks: string[] = [];
    const contains = (text: string | undefined) => text !== undefined && [...this.tokens].some((token) => text.includes(token));

    for (const line of this.consoleLines) if (contains(line)) leaks.push(`console: ${line.slice(0, 200)}`);

    for (const request of servers.api.requests()) {
      const where = describe(request);
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

    const markups = await withTimeout(sources.pageMarkups(), 10_000).catch((error: unknown) => [{ url: `unreadable pages (${String(error)})`, markup: '' }]);
    for (const { url, markup } of markups) if (contains(markup)) leaks.push(`page markup: ${url}`);

    // Failing to read it is a finding too.
    const sync = await withTimeout(sources.readSyncStorage(), 10_000).catch((error: unknown) => `unreadable: ${String(error)}`);
    if (typeof sync === 'string') leaks.push(`storage.sync could not be checked (${sync})`);
    else if (contains(JSON.stringify(sync))) leaks.push('storage.sync');
    return leaks;
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

function describe(request: RecordedRequest): string {
  return `${request.scheme} ${request.method} ${request.path}`;
}
