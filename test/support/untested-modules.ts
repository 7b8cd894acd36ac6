import { relative } from 'node:path';
import type { Vitest } from 'vitest/node';
import type { Reporter } from 'vitest/reporters';
import { BROWSER_ONLY } from './browser-only-modules';

/** The part of istanbul's coverage map this reporter reads (vitest hands it over untyped). */
interface CoverageMap {
  files(): string[];
  fileCoverageFor(file: string): { toSummary(): { lines: Counts; branches: Counts } };
}
interface Counts {
  total: number;
  covered: number;
}

const isCoverageMap = (value: unknown): value is CoverageMap =>
  typeof value === 'object' && value !== null && typeof (value as Partial<CoverageMap>).files === 'function' && typeof (value as Partial<CoverageMap>).fileCoverageFor === 'function';

const percent = ({ covered, total }: Counts) => (total === 0 ? '100' : ((100 * covered) / total).toFixed(1));

/** Whether the run is of every test of the unit and integration projects: only then does a module no test ran say something. */
function wholeRun(vitest: Vitest): boolean {
  const projects = vitest.projects.map((project) => project.name);
  // vitest keeps the files named on the command line here (internal, but the only record of them).
  const files = (vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  return projects.includes('unit') && projects.includes('integration') && files === undefined && vitest.config.testNamePattern === undefined;
}

/**
 * A vitest reporter for coverage runs (`npm test` runs the unit and integration projects with
 * --coverage; vite.config.ts names it): prints the lines and branches of each folder that has a
 * floor, and fails the run when a module of src/ has lines and no test runs any of them, unless
 * test/support/browser-only-modules.ts lists it, or when that list names a module a test now runs
 * (the list says what only a browser runs, no more). A run of a few files runs a few modules of
 * many: only a run of every unit and integration test is judged.
 */
export class UntestedModules implements Reporter {
  private vitest: Vitest | undefined;

  constructor(private readonly browserOnly: Readonly<Record<string, unknown>>) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onCoverage(coverage: unknown): void {
    const vitest = this.vitest;
    if (vitest === undefined || !isCoverageMap(coverage)) return;
    const root = vitest.config.root;
    const files = coverage.files().map((file) => ({ module: relative(root, file), summary: coverage.fileCoverageFor(file).toSummary() }));
    const floors = Object.keys(vitest.config.coverage.thresholds ?? {}).filter((key) => key.endsWith('/**'));
    for (const floor of floors) {
      const folder = floor.slice(0, -'**'.length);
      const sum = (key: 'lines' | 'branches') =>
        files.filter(({ module }) => module.startsWith(folder)).reduce((counts, { summary }) => ({ total: counts.total + summary[key].total, covered: counts.covered + summary[key].covered }), { total: 0, covered: 0 });
      vitest.logger.log(`Coverage of ${folder}: lines ${percent(sum('lines'))} %, branches ${percent(sum('branches'))} %`);
    }
    if (!wholeRun(vitest)) return;
    const untested = files.filter(({ module, summary }) => summary.lines.total > 0 && summary.lines.covered === 0 && this.browserOnly[module] === undefined).map(({ module }) => module);
    const tested = files.filter(({ module, summary }) => summary.lines.covered > 0 && this.browserOnly[module] !== undefined).map(({ module }) => module);
    for (const module of untested) vitest.logger.error(`ERROR: no test runs ${module}: test it, or list it in test/support/browser-only-modules.ts with the end-to-end test that runs it.`);
    for (const module of tested) vitest.logger.error(`ERROR: ${module} is run by a test now: take it off the list in test/support/browser-only-modules.ts.`);
    if (untested.length + tested.length > 0) process.exitCode = 1;
  }
}

/** The reporter vite.config.ts names, with the house's list (vitest hands a reporter its options, which this one has none of). */
export default class HouseUntestedModules extends UntestedModules {
  constructor() {
    super(BROWSER_ONLY);
  }
}
