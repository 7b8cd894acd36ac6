import type { RecordedRequest, StandIn } from '../../tooling/stand-in/server';
import type { PageReading } from './page-reading';
import { describeRequest, excerpt, isDemoPageLoad, originOf, outputLabel, pageLeaks, requestLeaks, serverLogLeaks, type Finder, type MayGo, type ObservedRequest, type OutputKind } from './token-audit-rules';

/** The stand-in whose origin is the configured server, and another origin that must never see a token. */
export interface AuditServers {
  api: StandIn;
  otherOrigin: StandIn;
}

/** The tokens a session put into play, where each may go, and the more servers whose logs are read. */
export interface AuditScope {
  tokens: ReadonlySet<string>;
  /** Origins a token may go to; `token` undefined: every token. */
  allowed: readonly { origin: string; token: string | undefined }[];
  moreServers: ReadonlySet<StandIn>;
}

/** A console line, an uncaught exception or a browser log line, with the context it came from. */
export interface RecordedOutput {
  kind: OutputKind;
  source: string;
  text: string;
}

/** What the browser reported since the last checkpoint, and what the checkpoint read: the pages and what is kept where. */
export interface SeenSinceCheckpoint {
  outputs: readonly RecordedOutput[];
  requests: readonly ObservedRequest[];
  markups: readonly { url: string; markup: string }[];
  pages: PageReading[];
  kept: { place: string; text: string }[];
}

/**
 * Judges, at each checkpoint of a TokenAudit (token-audit.ts), what was seen
 * since the one before. A token may appear in one place only:
 * the Authorization header of an https request to its own server (the server
 * the session configured it with, or allowed it for; a token never configured,
 * the stand-in): each token only to its server, even where two accounts'
 * servers both answer. Anywhere else is a finding: a URL, a request body,
 * another header, another origin, plain http, a console line, an uncaught
 * exception or a browser log line of any context, a notification or badge
 * title (the e2e build echoes them to the console), the markup of any page at
 * any moment, a field's value, a shadow root or frame of an open page (but for
 * the settings page's token field, the token's way in), any storage area
 * (storage.local but for the tokens' own place), any IndexedDB database, the
 * clipboard, and the log of every server it watches (each stand-in a test
 * starts while the session is open too: no token goes there unless the test
 * configured it for that server), whatever the tests cleared.
 */
export class AuditJudge {
  /** A place or a page where a token was found: reported once, for the test that left it there. */
  private readonly reported = new Set<string>();
  /** What the browser said it sent to the stand-in: what the stand-in got must be among it. */
  private readonly reportedToStandIn = new Set<string>();
  /** How much of each server's log the audit has read. */
  private readonly readUpTo = new Map<StandIn, number>();

  constructor(private readonly couldNotCheck: (what: string) => void) {}

  /** The findings of what was seen, at the end of the test `when` (the session's end when empty). */
  judge(when: string, servers: AuditServers, scope: AuditScope, seen: SeenSinceCheckpoint): string[] {
    const leaks: string[] = [];
    const found: Finder = (text) => (text === undefined ? [] : [...scope.tokens].filter((token) => text.includes(token)));
    const apiOrigin = originOf(servers.api.baseUrl);
    // Another name of the stand-in (allowed for every token): the stand-in itself.
    const isApi = (origin: string) => origin === apiOrigin || scope.allowed.some((allowed) => allowed.token === undefined && allowed.origin === origin);
    const mayGo: MayGo = (token, origin) => {
      const own = scope.allowed.filter((allowed) => allowed.token === token).map((allowed) => allowed.origin);
      // A token configured for servers goes to those only; one never configured, to the stand-in only.
      if (own.length === 0) return isApi(origin);
      return own.includes(origin) || (isApi(origin) && own.includes(apiOrigin));
    };
    const firstTime = (where: string, token: string) => {
      const key = `${where} ${token}`;
      if (this.reported.has(key)) return false;
      this.reported.add(key);
      return true;
    };

    for (const { kind, source, text } of seen.outputs) {
      const tokens = found(text);
      if (tokens.length > 0) leaks.push(`${outputLabel(kind, text)}: ${source}: ${excerpt(text, tokens)}`);
    }
    // The stand-in answers for every name of its address (127.0.0.1, localhost, the IDN test host): what
    // the browser sent over https to its port, under whichever name, reached it.
    const apiPort = new URL(servers.api.baseUrl).port;
    for (const request of seen.requests) {
      leaks.push(...requestLeaks(request, found, mayGo));
      const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
      if (url?.protocol === 'https:' && url.port === apiPort) this.reportedToStandIn.add(`${request.method} ${url.pathname}`);
    }
    leaks.push(...this.serverLeaks(servers, scope.moreServers, found, mayGo));
    leaks.push(...pageLeaks(seen.markups, seen.pages, found, firstTime));
    for (const { place, text } of seen.kept) {
      if (found(text).filter((token) => firstTime(place, token)).length > 0) leaks.push(when === '' ? place : `${place}, at the end of ${when}`);
    }
    return leaks;
  }

  /** Every request each server got since the last checkpoint, whatever tests cleared from its log. */
  private serverLeaks(servers: AuditServers, moreServers: ReadonlySet<StandIn>, found: Finder, mayGo: MayGo): string[] {
    const received = this.unread(servers.api);
    // The browser's report must not be blind: whatever reached the stand-in, it reported too. (Chromium
    // fetches favicons from its browser process, outside every target: the one request it cannot report.)
    const unreported = received.filter(
      (request) => request.scheme === 'https' && request.path !== '/favicon.ico' && !isDemoPageLoad(request) && !this.reportedToStandIn.has(`${request.method} ${request.path}`),
    );
    if (unreported.length > 0) {
      this.couldNotCheck(`requests: the stand-in got ${unreported.length} that the browser did not report (${unreported.slice(0, 3).map(describeRequest).join(', ')})`);
    }
    const leaks = serverLogLeaks(received, originOf(servers.api.baseUrl), "stand-in's log", found, mayGo);
    for (const server of moreServers) {
      leaks.push(...serverLogLeaks(this.unread(server), originOf(server.baseUrl), `${originOf(server.baseUrl)}'s log`, found, mayGo));
    }
    for (const request of this.unread(servers.otherOrigin)) {
      if (found(JSON.stringify(request)).length > 0) leaks.push(`request to another origin: ${describeRequest(request)} (other origin's log)`);
    }
    return leaks;
  }

  /** What a server received since the audit last read its log, whatever tests cleared from it. */
  private unread(server: StandIn): readonly RecordedRequest[] {
    const every = server.everyRequest();
    const from = this.readUpTo.get(server) ?? 0;
    this.readUpTo.set(server, every.length);
    return every.slice(from);
  }
}
