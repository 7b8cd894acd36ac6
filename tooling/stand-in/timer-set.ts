/** Timers for delayed or half-sent answers; cancelled on close so none keeps the process (or a test run) alive. */
export class TimerSet {
  private readonly pending = new Set<NodeJS.Timeout>();

  readonly later = (ms: number, work: () => void): void => {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      work();
    }, ms);
    this.pending.add(timer);
  };

  cancelAll(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
