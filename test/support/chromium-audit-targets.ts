export interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/**
 * The targets the token audit's CDP connection is attached to, by session
 * (chromium-audit.ts), and which session's events count for each: where a
 * request, a console line or a page came from.
 */
export class ChromiumAuditTargets {
  private readonly targets = new Map<string, TargetInfo>();
  /** Sessions per target: a target can be reached twice (a worker also from a page); only the first one's events count. */
  private readonly sessionsOf = new Map<string, string[]>();

  attached(sessionId: string, info: TargetInfo): void {
    this.targets.set(sessionId, info);
    this.sessionsOf.set(info.targetId, [...(this.sessionsOf.get(info.targetId) ?? []), sessionId]);
  }

  detached(sessionId: string): void {
    const info = this.targets.get(sessionId);
    this.targets.delete(sessionId);
    if (info === undefined) return;
    const remaining = (this.sessionsOf.get(info.targetId) ?? []).filter((id) => id !== sessionId);
    if (remaining.length > 0) this.sessionsOf.set(info.targetId, remaining);
    else this.sessionsOf.delete(info.targetId);
  }

  infoChanged(changed: TargetInfo): void {
    for (const [sessionId, info] of this.targets) if (info.targetId === changed.targetId) this.targets.set(sessionId, changed);
  }

  /** Whether the session is still attached (its target has not gone away). */
  has(sessionId: string): boolean {
    return this.targets.has(sessionId);
  }

  /** Every attached session, with its target. */
  sessions(): [string, TargetInfo][] {
    return [...this.targets];
  }

  /** The session whose events count for its target; undefined for a duplicate. */
  counted(sessionId: string | undefined): TargetInfo | undefined {
    const info = sessionId === undefined ? undefined : this.targets.get(sessionId);
    return info !== undefined && this.sessionsOf.get(info.targetId)?.[0] === sessionId ? info : undefined;
  }

  sourceOf(sessionId: string | undefined, fallbackUrl = ''): string {
    const info = sessionId === undefined ? undefined : this.targets.get(sessionId);
    return `${info?.type ?? 'target'} ${info?.url || fallbackUrl}`.trim();
  }
}
