import { afterEach, describe, expect, it } from 'vitest';
import type { Vitest } from 'vitest/node';
import { UntestedModules } from '../support/untested-modules';

// The coverage run's judge of untested modules, on a coverage map it is handed as vitest hands it.
const ROOT = '/repo';
const counts = (covered: number, total: number) => ({ covered, total });

/** A coverage map of these modules: lines covered of total, branches likewise. */
function coverageOf(modules: Record<string, [lines: [number, number], branches: [number, number]]>) {
  return {
    files: () => Object.keys(modules).map((module) => `${ROOT}/${module}`),
    fileCoverageFor: (file: string) => {
      const [lines, branches] = modules[file.slice(ROOT.length + 1)] ?? [[0, 0], [0, 0]];
      return { toSummary: () => ({ lines: counts(...lines), branches: counts(...branches) }) };
    },
  };
}

/** The reporter, told of a run of these projects (and these files, when only some were named). */
function reporter(projects = ['unit', 'integration'], filenamePattern?: string[]) {
  const said: string[] = [];
  const logger = { log: (line: string) => said.push(line), error: (line: string) => said.push(line) };
  const vitest = { config: { root: ROOT, coverage: { thresholds: { 'src/api/**': { lines: 90 } } } }, projects: projects.map((name) => ({ name })), logger, filenamePattern };
  const untested = new UntestedModules({ 'src/popup/main.tsx': { e2e: 'test/e2e/popup.test.ts', why: "the popup's start" } });
  untested.onInit(vitest as unknown as Vitest);
  return { untested, said };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('the judge of untested modules', () => {
  it("prints each floor's folder, its lines and branches", () => {
    const { untested, said } = reporter();
    untested.onCoverage(coverageOf({ 'src/api/a.ts': [[9, 10], [1, 4]], 'src/api/b.ts': [[1, 10], [3, 4]], 'src/ui/c.ts': [[0, 5], [0, 0]] }));
    expect(said[0]).toBe('Coverage of src/api/: lines 50.0 %, branches 50.0 %');
  });

  it('fails the run for a module no test runs, unless only a browser runs it', () => {
    const { untested, said } = reporter();
    untested.onCoverage(coverageOf({ 'src/ui/never-run.ts': [[0, 5], [0, 2]], 'src/popup/main.tsx': [[0, 9], [0, 0]], 'src/ui/types-only.ts': [[0, 0], [0, 0]] }));
    expect(said.filter((line) => line.startsWith('ERROR'))).toEqual([expect.stringContaining('no test runs src/ui/never-run.ts')]);
    expect(process.exitCode).toBe(1);
  });

  it('fails the run for a module on the browser-only list that a test runs now', () => {
    const { untested, said } = reporter();
    untested.onCoverage(coverageOf({ 'src/popup/main.tsx': [[1, 9], [0, 0]] }));
    expect(said.filter((line) => line.startsWith('ERROR'))).toEqual([expect.stringContaining('src/popup/main.tsx is run by a test now')]);
    expect(process.exitCode).toBe(1);
  });

  it('judges no run of some files, or of one project, only prints', () => {
    for (const { untested, said } of [reporter(['unit', 'integration'], ['src/api']), reporter(['unit'])]) {
      untested.onCoverage(coverageOf({ 'src/ui/never-run.ts': [[0, 5], [0, 2]] }));
      expect(said.filter((line) => line.startsWith('ERROR'))).toEqual([]);
    }
    expect(process.exitCode).toBeUndefined();
  });
});
