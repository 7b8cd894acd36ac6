import type { CdpClient } from './cdp-client';
import type { ChromiumAuditTargets } from './chromium-audit-targets';
import type { ObservedRequest, TokenAudit } from './token-audit';

type Params = Record<string, unknown>;

interface CdpRequest {
  url: string;
  urlFragment?: string;
  method: string;
  headers: Record<string, string>;
  postData?: string;
  hasPostData?: boolean;
  postDataEntries?: { bytes?: string }[];
}

/**
 * The requests of every counted target, for the token audit (chromium-audit.ts
 * feeds it Network's events): each hop with its body, and the headers that
 * went on the wire, which Chromium reports apart and which are matched here
 * to the request they went with.
 */
export class ChromiumRequestWatcher {
  /** Every hop of each request (a redirect is a new hop under the same id), and wire headers not yet tied to one. */
  private readonly hops = new Map<string, ObservedRequest[]>();
  private readonly unmatchedWire = new Map<string, Record<string, string>[]>();
  /** Hops whose wire headers came after them, and wire headers still unmatched at the last checkpoint. */
  private readonly wired = new WeakSet<ObservedRequest>();
  private readonly waitedOnce = new WeakSet<Record<string, string>>();

  constructor(
    private readonly audit: TokenAudit,
    private readonly client: CdpClient,
    private readonly targets: ChromiumAuditTargets,
  ) {}

  onRequest(params: Params, sessionId: string | undefined): void {
    const info = this.targets.counted(sessionId);
    if (info === undefined) return;
    const request = params.request as CdpRequest;
    const observed: ObservedRequest = {
      source: this.targets.sourceOf(sessionId, String(params.documentURL ?? '')),
      url: request.url + (request.urlFragment ?? ''),
      method: request.method,
      headers: lowerCaseKeys(request.headers),
      body: request.postData ?? (request.postDataEntries ?? []).map((entry) => Buffer.from(entry.bytes ?? '', 'base64').toString('utf8')).join(''),
    };
    const key = `${info.targetId}:${String(params.requestId)}`;
    const waiting = this.unmatchedWire.get(key) ?? [];
    const wire = waiting.find((headers) => sameHost(headers, observed.url));
    if (wire !== undefined) {
      observed.wireHeaders = wire;
      this.unmatchedWire.set(key, waiting.filter((headers) => headers !== wire));
    }
    this.hops.set(key, [...(this.hops.get(key) ?? []), observed]);
    this.audit.recordRequest(observed);
    if (request.hasPostData === true && observed.body === '') {
      // Over maxPostDataSize: ask for it.
      this.audit.later(
        this.client.send('Network.getRequestPostData', { requestId: params.requestId }, sessionId).then(
          (answer) => {
            observed.body = String(answer.postData ?? '');
          },
          (error: unknown) => this.audit.couldNotCheck(`the body of ${observed.method} ${observed.url} (${String(error)})`),
        ),
      );
    }
  }

  /**
   * The headers as sent (cookies included). They carry the request id only, and
   * may come after the next hop of a redirect is reported (even a redirect that
   * `redirect: 'manual'` never follows): tied to the hop whose host they name.
   */
  onWireHeaders(params: Params, sessionId: string | undefined): void {
    const info = this.targets.counted(sessionId);
    if (info === undefined) return;
    const key = `${info.targetId}:${String(params.requestId)}`;
    const headers = lowerCaseKeys(params.headers as Record<string, string>);
    const hop = this.hops.get(key)?.find((candidate) => candidate.wireHeaders === undefined && !this.wired.has(candidate) && sameHost(headers, candidate.url));
    if (hop === undefined) return void this.unmatchedWire.set(key, [...(this.unmatchedWire.get(key) ?? []), headers]);
    // The request itself may have been judged already (at a test's end): its headers as sent are judged on their own.
    this.wired.add(hop);
    this.audit.recordRequest({ ...hop, headers: {}, body: '', wireHeaders: headers, wireOnly: true });
  }

  /**
   * Wire headers whose request never showed: judged on their own, with no URL to excuse an Authorization
   * header. Those of a request still to be reported (they may come first) wait one checkpoint, or none at the end.
   */
  flushUnmatchedWireHeaders(final: boolean): void {
    for (const [key, all] of this.unmatchedWire) {
      const waiting = final ? [] : all.filter((headers) => !this.waitedOnce.has(headers));
      for (const headers of all.filter((unmatched) => !waiting.includes(unmatched))) {
        this.audit.recordRequest({ source: `request ${key}`, url: `unknown://${hostOf(headers)}`, method: '?', headers: {}, wireHeaders: headers, body: '' });
      }
      for (const headers of waiting) this.waitedOnce.add(headers);
      this.unmatchedWire.set(key, waiting);
    }
  }
}

/** The host wire headers went to: `host` (HTTP/1.1) or `:authority` (HTTP/2 and 3). */
function hostOf(wireHeaders: Record<string, string>): string {
  return wireHeaders.host ?? wireHeaders[':authority'] ?? '';
}

function sameHost(wireHeaders: Record<string, string>, url: string): boolean {
  return URL.canParse(url) && new URL(url).host === hostOf(wireHeaders);
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
