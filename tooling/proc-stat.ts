// CPU time as Linux's /proc tells it, for the tools that watch tests rather than run them:
// npm test's figure for the machine's work (scripts/lib/run-cpu.ts) and the hang watch (test/support/hang-watch.ts).
import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc (USER_HZ): 100 on every architecture Linux runs Node on. */
export const TICKS_PER_SECOND = 100;

/** The clock ticks of a `/proc/<id>/stat` line: fields 14 and 15 (its own), 16 and 17 (its children's it reaped). */
export function ticksOfStat(stat: string): { own: number; reapedChildren: number } {
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { own: (fields[11] ?? 0) + (fields[12] ?? 0), reapedChildren: (fields[13] ?? 0) + (fields[14] ?? 0) };
}

/** The clock ticks of the process or thread `/proc/<path>/stat` names (`self`, `thread-self`, a pid). */
export const statOf = (path: string): { own: number; reapedChildren: number } => ticksOfStat(readFileSync(`/proc/${path}/stat`, 'utf8'));

/**
 * The clock ticks every CPU of the machine spent busy since it booted, from the `cpu` line of `/proc/stat`
 * (user, nice, system, idle, iowait, irq, softirq, steal…): all but idle and iowait. Guest time is already in user.
 */
export function busyTicksOfMachine(procStat: string): number {
  const line = procStat.split('\n').find((row) => row.startsWith('cpu '));
  if (line === undefined) throw new Error('/proc/stat has no "cpu" line.');
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return user + nice + system + irq + softirq + steal;
}

/** The CPU seconds the whole machine has spent busy since it booted, every process's; undefined where there is no /proc. */
export function machineBusySeconds(): number | undefined {
  try {
    return busyTicksOfMachine(readFileSync('/proc/stat', 'utf8')) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
