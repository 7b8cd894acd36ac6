// The CPU time npm test's run cost (scripts/test.ts): what it does whatever the machine's speed,
// where the seconds it took depend on how fast and how busy the machine is.
//
// Counted for the whole machine, not per job: a process's count of its children's CPU time
// holds only what it reaped, and a browser's processes often are not reaped by the job that
// started them. Chromium's renderers and zygotes outlive the browser process Playwright
// closes and are reaped by init, so an end-to-end job's count missed about half its CPU time
// (test/e2e/accessibility.test.ts alone: 46 CPU-s counted, 108 CPU-s the machine spent).
import { machineBusySeconds } from '../../tooling/proc-stat';

export interface MachineCpuMeter {
  /** The CPU seconds the machine spent busy since the meter was made, by any process; undefined where Linux's counts are not there. */
  busySince(): number | undefined;
}

export function machineCpuMeter(read: () => number | undefined = machineBusySeconds): MachineCpuMeter {
  const first = read();
  return {
    busySince() {
      const now = read();
      return now === undefined || first === undefined ? undefined : now - first;
    },
  };
}

/** The summary's line for the run's CPU time: how much, and how much of what the cores could give. */
export function machineCpuWords(busySeconds: number | undefined, runSeconds: number, cores: number): string[] {
  if (busySeconds === undefined || runSeconds <= 0) return [];
  const share = Math.round((100 * busySeconds) / (runSeconds * cores));
  return [`  ${Math.round(busySeconds)} CPU-s in ${runSeconds.toFixed(0)} s: the machine's ${cores} cores ${share} % busy (every process on it counts)`];
}
