import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { childCpuMeter } from '../../scripts/lib/job-cpu';
import { reapedChildrenSeconds, ticksOfStat } from '../../tooling/proc-stat';

describe("CPU time from Linux's /proc (tooling/proc-stat.ts)", () => {
  it("reads a thread's ticks and those of the children it reaped, whatever its name holds", () => {
    const fieldsAfterName = ['S', ...Array.from({ length: 10 }, (_, index) => String(index + 4)), '700', '42', '30', '5', '20'];
    expect(ticksOfStat(`1234 (node (a) b) ${fieldsAfterName.join(' ')}`)).toEqual({ own: 742, reapedChildren: 35 });
  });

  it('counts the CPU time of a child once it has ended, and of what that child reaped in turn', async () => {
    const before = reapedChildrenSeconds() ?? Number.NaN;
    // A child that starts a grandchild doing a fixed amount of work (1.7 to 2.5 CPU-s here), and waits for it.
    const work = 'let s = 0; for (let i = 0; i < 3e8; i++) s += i;';
    const child = spawn(process.execPath, ['-e', `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(work)}])`]);
    await once(child, 'exit');
    const spent = (reapedChildrenSeconds() ?? Number.NaN) - before;
    // Counted only with the grandchild's time: the child itself spends some 0.05 s, starting and waiting.
    expect(spent).toBeGreaterThan(0.2);
  });
});

describe("npm test's CPU figure per job (scripts/lib/job-cpu.ts)", () => {
  it('gives each child the growth since the last one ended, and the whole since it was made', () => {
    const readings = [10, 12.5, 12.5, 40];
    const meter = childCpuMeter(() => readings.shift());
    expect(meter.childEnded()).toBe(2.5);
    // A child whose exit came in the same turn as the one before: its CPU time is in that one's figure.
    expect(meter.childEnded()).toBe(0);
    expect(meter.total()).toBe(30);
  });

  it('gives no figure where Linux keeps no count', () => {
    const meter = childCpuMeter(() => undefined);
    expect(meter.childEnded()).toBeUndefined();
    expect(meter.total()).toBeUndefined();
  });
});
