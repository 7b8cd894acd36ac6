// The CPU time each of npm test's jobs spent (scripts/test.ts), its browsers, servers and
// workers included: what the run costs whatever the machine's speed, where the seconds
// each job took depend on how fast and how busy the machine is.
import { reapedChildrenSeconds } from '../../tooling/proc-stat';

export interface ChildCpuMeter {
  /** Called as a child's exit is reported: the CPU seconds it and its descendants spent; undefined where Linux's counts are not there. */
  childEnded(): number | undefined;
  /** The CPU seconds of every child that ended since the meter was made. */
  total(): number | undefined;
}

/**
 * A parent's count of its reaped children's CPU time grows by a child's whole tree (what that child
 * reaped in turn included) the moment it reaps it, so the growth since the last reading, read as each
 * exit is reported, is that child's. Children reaped in the same turn of the event loop are all in the
 * first one's figure (the total stays right); a process a child left running is in nobody's.
 */
export function childCpuMeter(read: () => number | undefined = reapedChildrenSeconds): ChildCpuMeter {
  const first = read();
  let last = first;
  return {
    childEnded() {
      const now = read();
      if (now === undefined || last === undefined) return undefined;
      const spent = now - last;
      last = now;
      return spent;
    },
    total() {
      const now = read();
      return now === undefined || first === undefined ? undefined : now - first;
    },
  };
}
