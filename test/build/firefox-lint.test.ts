// Mozilla's own linter (web-ext lint, the add-on store's checks) on the
// Firefox build: no error, no warning about Firefox for Android (the build
// declares it, with minimum versions every key it uses holds there), and every
// other warning is one docs/permissions.md names with the reason it is safe,
// so a new warning fails here until it is fixed or explained.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

interface LintMessage {
  code: string;
  message: string;
  file?: string;
}
interface LintReport {
  metadata?: { firefoxMinVersion?: string };
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

async function lintFirefoxBuild(): Promise<LintReport> {
  // web-ext exits non-zero when it finds an error; its JSON report is on stdout either way.
  const { stdout } = await promisify(execFile)(resolve(ROOT, 'node_modules/.bin/web-ext'), ['lint', '--source-dir', resolve(ROOT, 'dist/firefox'), '--output', 'json', '--no-input'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as LintReport;
}

/** The accepted warnings: the "Firefox's linter" section of docs/permissions.md, one `CODE` per table row. */
async function warningsExplainedInDocs(): Promise<string[]> {
  const doc = await readFile(resolve(ROOT, 'docs/permissions.md'), 'utf8');
  const start = doc.indexOf("### Firefox's linter");
  expect(start, "docs/permissions.md has a \"### Firefox's linter\" section").toBeGreaterThan(-1);
  const end = doc.indexOf('\n#', start + 1);
  const section = doc.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1] ?? '');
}

describe('web-ext lint on dist/firefox', async () => {
  const report = await lintFirefoxBuild();

  it('finds no error', () => {
    expect(report.errors).toEqual([]);
  });

  it('finds nothing Firefox for Android lacks or cannot read: the build is declared for it, at versions that hold', () => {
    const android = [...report.errors, ...report.warnings, ...report.notices].filter(({ code, message }) => /ANDROID/.test(code) || /Android/.test(message));
    expect(android.map(({ code, message }) => `${code}: ${message}`)).toEqual([]);
    expect(report.metadata?.firefoxMinVersion).toBe('140.0');
  });

  it('finds only the warnings docs/permissions.md explains', async () => {
    const explained = await warningsExplainedInDocs();
    const unexplained = report.warnings.filter((warning) => !explained.includes(warning.code));
    expect(unexplained.map(({ code, message, file }) => `${code} (${file ?? 'manifest'}): ${message}`)).toEqual([]);
  });
});
