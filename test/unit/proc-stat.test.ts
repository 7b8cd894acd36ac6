import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { machineCpuMeter, machineCpuWords } from '../../scripts/lib/run-cpu';
import { busyTicksOfMachine, machineBusySeconds, ticksOfStat } from '../../tooling/proc-stat';

describe("CPU time from Linux's /proc (tooling/proc-stat.ts)", () => {
  it("reads a thread's ticks and those of the children it reaped, whatever its name holds", () => {
    const fieldsAfterName = ['S', ...Array.from({ length: 10 }, (_, index) => String(index + 4)), '700', '42', '30', '5', '20'];
    expect(ticksOfStat(`1234 (node (a) b) ${fieldsAfterName.join(' ')}`)).toEqual({ own: 742, reapedChildren: 35 });
  });

  it("reads the machine's busy ticks: every kind but idle and iowait", () => {
    // user nice system idle iowait irq softirq steal guest guest_nice, then a CPU's own line that must not count.
    const procStat = 'cpu  100 20 30 5000 70 1 2 3 40 0\ncpu0 9 9 9 9 9 9 9 9 9 9\nintr 1 2 3\n';
    expect(busyTicksOfMachine(procStat)).toBe(100 + 20 + 30 + 1 + 2 + 3);
    expect(() => busyTicksOfMachine('intr 1 2 3\n')).toThrow('no "cpu" line');
  });

  it('counts the CPU time of a process the caller never reaps, as the machine spent it', async () => {
    const before = machineBusySeconds() ?? Number.NaN;
    // A grandchild, left to init by a child that does not wait for it, doing a fixed amount of work (1.7 to 2.5 CPU-s here);
    // it reports on its pipe as it ends. A count of reaped children would miss it, as it missed Chromium's renderers.
    const work = 'let s = 0; for (let i = 0; i < 3e8; i++) s += i; process.stdout.write("done");';
    const child = spawn(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(work)}], { detached: true, stdio: ['ignore', 'inherit', 'ignore'] }).unref()`], { stdio: ['ignore', 'pipe', 'ignore'] });
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await once(child.stdout, 'end');
    expect(said).toBe('done');
    expect((machineBusySeconds() ?? Number.NaN) - before).toBeGreaterThan(0.2);
  });
});

describe("npm test's CPU figure (scripts/lib/run-cpu.ts)", () => {
  it("gives the machine's growth since the meter was made, and says how busy that kept its cores", () => {
    const readings = [1000, 1300];
    const meter = machineCpuMeter(() => readings.shift());
    expect(meter.busySince()).toBe(300);
    expect(machineCpuWords(300, 200, 2)).toEqual(["  300 CPU-s in 200 s: the machine's 2 cores 75 % busy (every process on it counts)"]);
  });

  it('gives no figure where Linux keeps no count', () => {
    const meter = machineCpuMeter(() => undefined);
    expect(meter.busySince()).toBeUndefined();
    expect(machineCpuWords(meter.busySince(), 200, 2)).toEqual([]);
  });
});
