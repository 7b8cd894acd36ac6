import type { StandIn } from '../../tooling/stand-in/server';
import type { PageReading } from './page-reading';
import { AuditJudge, type AuditServers, type RecordedOutput } from './token-audit-judge';
import { originOf, type ObservedRequest, type OutputKind } from './token-audit-rules';

export type { ObservedRequest, OutputKind } from './token-audit-rules';

/** What a browser harness reads for the audit at the end of each test and of the session. */
export interface AuditSources {
  /** Every open page's fields, shadow roots and frames (its markup is recorded each time it changes). */
  readPages(): Promise<PageReading[]>;
  /**
   * What the extension keeps, by place ("storage.sync", "storage.local", "IndexedDB shrtnr-history"...),
   * read from an extension context, but for the tokens' own place (audit-checkpoints.ts).
   */
  readStorage(): Promise<Record<string, unknown>>;
  readClipboard(): Promise<string>;
  /** Waits until what the browser was still reporting has arrived (Firefox: its output has caught up); `final` at the session's end. */
  settle(final: boolean): Promise<void>;
}

// Ceilings for a hang only: on a machine loaded to 20 a deep read of the worker took over 5 s (2026-11-29).
const READ_TIMEOUT_MS = 60_000;
/** What a failed test prints of the browser's output: its last lines, each cut to this length. */
const SAID_KEPT = 40;
const SAID_LENGTH = 300;

/**
 * Says, at the end of each test of an e2e session and at its close, where a
 * token showed up that it must never be: it records what the browser reports,
 * reads the rest at each checkpoint, and has it judged (where a token may be,
 * and where it was looked for: token-audit-judge.ts).
 *
 * Each checkpoint judges what came in since the one before, so a leak fails
 * the test that made it; the session's close judges what came after.
 * It knows no browser: each harness feeds it what its browser reports
 * (Chromium: chromium-audit.ts; Firefox: firefox-audit.ts and the browser's
 * own output). What it could not check is a finding too.
 */
export class TokenAudit {
  private readonly tokens = new Set<string>();
  private readonly allowed: { origin: string; token: string | undefined }[] = [];
  private lastConfiguredToken: string | undefined;
  /** More servers a session runs (a second account's): their logs are read as the stand-in's is. */
  private readonly moreServers = new Set<StandIn>();
  // What came in since the last checkpoint: judged at the next one.
  private readonly outputs: RecordedOutput[] = [];
  private readonly saidInTest: string[] = [];
  private readonly requests: ObservedRequest[] = [];
  private readonly markups: { url: string; markup: string }[] = [];
  private readonly unchecked: string[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly seenMarkups = new Set<string>();
  private readonly judge = new AuditJudge((what) => this.couldNotCheck(what));

  /** Reads this server's log too: each token in it only in the Authorization header, and only its own server's. */
  watchServer(server: StandIn): void {
    this.moreServers.add(server);
  }

  /** A token the session put into play: the audit looks for each of them. */
  track(token: string | undefined): void {
    if (token !== undefined && token.trim().length >= 4) this.tokens.add(token.trim());
  }

  /** Lets `token` (every token when undefined) go, in the Authorization header over https, to `origin` as well as to the stand-in. */
  allow(origin: string, token?: string): void {
    this.allowed.push({ origin: originOf(origin), token: token?.trim() });
  }

  /**
   * Settings the session wrote straight into the extension: their token is
   * tracked, and may go to the server it was written with (or `tokenServer`,
   * which binds the token written last). A server written alone does not take
   * the token along: sending it there is a finding.
   */
  configured(settings: { token?: string | undefined; serverUrl?: string | undefined; tokenServer?: string | undefined }): void {
    this.track(settings.token);
    if ('token' in settings) this.lastConfiguredToken = settings.token;
    const server = settings.tokenServer ?? (settings.token === undefined ? undefined : settings.serverUrl);
    const token = settings.token ?? this.lastConfiguredToken;
    if (token !== undefined && server !== undefined && URL.canParse(server)) this.allow(server, token);
  }

  /** A console line, an uncaught exception or a browser log line, with the context it came from. */
  record(source: string, text: string, kind: OutputKind = 'console'): void {
    this.outputs.push({ kind, source, text });
    this.saidInTest.push(`${kind}: ${source}: ${text.length > SAID_LENGTH ? `${text.slice(0, SAID_LENGTH)}…` : text}`);
    if (this.saidInTest.length > SAID_KEPT) this.saidInTest.shift();
  }

  /** What the browser said since the last call (the last test's output, for a failed test to print): its latest lines, cut short. */
  takeSaid(): string[] {
    return this.saidInTest.splice(0);
  }

  recordRequest(request: ObservedRequest): void {
    this.requests.push(request);
  }

  /** A page's markup at some moment (every change is recorded, so a page closed before the end still counts). */
  recordMarkup(url: string, markup: string): void {
    if (this.seenMarkups.has(markup)) return;
    this.seenMarkups.add(markup);
    this.markups.push({ url, markup });
  }

  /** Something the audit should have read and could not: a finding of its own. */
  couldNotCheck(what: string): void {
    this.unchecked.push(what);
  }

  /** Reading that is still going on (e.g. an object logged to the console); the next checkpoint waits for it. */
  later(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.couldNotCheck(String(error))).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /**
   * At the end of the test `when`: reads the open pages, what the extension
   * keeps and the clipboard, waits for what the browser was still reporting,
   * then judges all that came in since the last checkpoint. Returns the
   * findings, empty when all is well.
   */
  async checkpoint(when: string, servers: AuditServers, sources: AuditSources): Promise<string[]> {
    const at = when === '' ? 'the end of the session' : `the end of ${when}`;
    const pages = await withTimeout(sources.readPages(), READ_TIMEOUT_MS).catch((error: unknown) => {
      this.couldNotCheck(`the open pages, at ${at} (${String(error)})`);
      return [];
    });
    // One after the other: reading the clipboard brings a tab to the front, which a page opened meanwhile could take.
    const [stores] = await Promise.allSettled([withTimeout(sources.readStorage(), READ_TIMEOUT_MS)]);
    const [clipboard] = await Promise.allSettled([withTimeout(sources.readClipboard(), READ_TIMEOUT_MS)]);
    const kept: { place: string; text: string }[] = [];
    if (stores.status === 'rejected') this.couldNotCheck(`what the extension keeps, at ${at} (${String(stores.reason)})`);
    else for (const [place, content] of Object.entries(stores.value)) kept.push({ place, text: JSON.stringify(content) });
    if (clipboard.status === 'rejected') this.couldNotCheck(`the clipboard, at ${at} (${String(clipboard.reason)})`);
    else kept.push({ place: 'clipboard', text: clipboard.value });
    await withTimeout(sources.settle(when === ''), READ_TIMEOUT_MS).catch((error: unknown) => this.couldNotCheck(`the browser's last reports, at ${at} (${String(error)})`));
    if (this.pending.size > 0) {
      await withTimeout(Promise.allSettled(this.pending), READ_TIMEOUT_MS).catch(() => this.couldNotCheck(`${this.pending.size} logged values still being read, at ${at}`));
    }
    const scope = { tokens: this.tokens, allowed: this.allowed, moreServers: this.moreServers };
    const seen = { outputs: this.outputs.splice(0), requests: this.requests.splice(0), markups: this.markups.splice(0), pages, kept };
    const leaks = this.judge.judge(when, servers, scope, seen);
    for (const what of this.unchecked.splice(0)) leaks.push(`could not be checked: ${what}`);
    return [...new Set(leaks)];
  }

  /** The last checkpoint, at the session's close: what came after the last test's, and what the end shows. */
  findLeaks(servers: AuditServers, sources: AuditSources): Promise<string[]> {
    return this.checkpoint('', servers, sources);
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}
