import type { CdpClient } from './cdp-client';
import type { ChromiumAuditTargets } from './chromium-audit-targets';
import { deepText, shallowText, type RemoteObject } from './deep-text';
import { withTimeout, type OutputKind, type TokenAudit } from './token-audit';

type Params = Record<string, unknown>;

export const DEEP_READ_TIMEOUT_MS = 30_000;

/**
 * CDP's answer to a read whose object's context has ended first (its worker
 * stopped, its page closed): the object is gone for every reader, DevTools
 * included, so what CDP said of it with the event (recorded at once) is all
 * of it anyone was shown. Seen when a test stops the worker as it logs
 * ("Error: No SW", list.test beside a CPU hog). A read that does not answer
 * still fails the test: that object may still be there.
 */
const CONTEXT_GONE = /Cannot find context with specified id/;

/**
 * What every counted target says, for the token audit (chromium-audit.ts feeds
 * it Runtime's and Log's events): console calls, uncaught exceptions and browser
 * log lines, each logged object read in depth inside its context.
 */
export class ChromiumOutputWatcher {
  constructor(
    private readonly audit: TokenAudit,
    private readonly client: CdpClient,
    private readonly targets: ChromiumAuditTargets,
  ) {}

  onConsole(params: Params, sessionId: string | undefined): void {
    if (this.targets.counted(sessionId) === undefined) return;
    const args = (params.args as RemoteObject[] | undefined) ?? [];
    const source = `${this.targets.sourceOf(sessionId, topFrameUrl(params.stackTrace))} (console.${String(params.type)})`;
    this.recordRemote(source, 'console', args, sessionId);
  }

  onException(params: Params, sessionId: string | undefined): void {
    if (this.targets.counted(sessionId) === undefined) return;
    const details = params.exceptionDetails as { text: string; url?: string; exception?: RemoteObject };
    const source = this.targets.sourceOf(sessionId, details.url);
    this.audit.record(source, details.text, 'uncaught exception');
    if (details.exception !== undefined) this.recordRemote(source, 'uncaught exception', [details.exception], sessionId);
  }

  onLog(params: Params, sessionId: string | undefined): void {
    if (this.targets.counted(sessionId) === undefined) return;
    const entry = params.entry as { text: string; url?: string; args?: RemoteObject[] };
    this.audit.record(this.targets.sourceOf(sessionId, entry.url), `${entry.text} ${entry.url ?? ''}`, 'browser log');
    if (entry.args !== undefined) this.recordRemote(this.targets.sourceOf(sessionId, entry.url), 'browser log', entry.args, sessionId);
  }

  /** What CDP says of each value at once; then every object read in depth inside its context, before it goes. */
  private recordRemote(source: string, kind: OutputKind, values: RemoteObject[], sessionId: string | undefined): void {
    this.audit.record(source, values.map(shallowText).join(' '), kind);
    for (const value of values) {
      if (value.objectId === undefined) continue;
      const read = this.client
        .send(
          'Runtime.callFunctionOn',
          { objectId: value.objectId, functionDeclaration: `function () { return (${deepText.toString()})(this); }`, returnByValue: true },
          sessionId,
        )
        .then((answer) => {
          const result = (answer.result as { value?: { text: string; complete: boolean } }).value;
          if (result === undefined) throw new Error((answer.exceptionDetails as { text?: string } | undefined)?.text ?? 'no value');
          this.audit.record(source, result.text, kind);
          if (!result.complete) this.audit.couldNotCheck(`${source}: a logged ${value.description ?? value.type} too large to read in full`);
        });
      this.audit.later(
        withTimeout(read, DEEP_READ_TIMEOUT_MS).catch((error: unknown) => {
          if (CONTEXT_GONE.test(String(error))) return;
          this.audit.couldNotCheck(`${source}: a logged ${value.description ?? value.type} could not be read in depth (${String(error)})`);
        }),
      );
    }
  }
}

function topFrameUrl(stackTrace: unknown): string {
  return (stackTrace as { callFrames?: { url: string }[] } | undefined)?.callFrames?.[0]?.url ?? '';
}
