// The release zips (npm run package, its package:zips half) are reproducible: the same tree gives the
// same bytes, and so does the source zip alone, unpacked outside git and built
// the way the add-on store's reviewers are told to (scripts/package/SOURCE-README.md).
// Runs after `npm run build`: it packages the repository's dist/ and never rebuilds it.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../../scripts/build/manifest-targets';
import { writeReleaseZips, type ReleaseKind, type ReleaseZip } from '../../scripts/package/release-zips';
import { runCommand } from './command';
import { readZip, type ZipRecord } from './read-zip';

const ROOT = resolve(import.meta.dirname, '../..');
const KINDS: ReleaseKind[] = [...TARGETS, 'source'];

let work = '';
let first: ReleaseZip[] = [];
let second: ReleaseZip[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shrtnr-package-'));
  first = await writeReleaseZips(ROOT, join(work, 'first'));
  second = await writeReleaseZips(ROOT, join(work, 'second'));
});

// The npm commands under way: the folder is removed once they have ended, whatever ended the test.
const running = new Set<Promise<unknown>>();

afterAll(async () => {
  await Promise.allSettled(running);
  if (work !== '') await rm(work, { recursive: true, force: true });
});

const bytesOf = (zips: ReleaseZip[], kind: ReleaseKind) => {
  const zip = zips.find((candidate) => candidate.kind === kind);
  if (zip === undefined) throw new Error(`No ${kind} zip among ${zips.map(({ path }) => path).join(', ')}`);
  return readFile(zip.path);
};

/** Entries that are missing on one side or hold other bytes: what to look at when two zips differ. */
function differingEntries(a: ZipRecord[], b: ZipRecord[]): string[] {
  const names = new Set([...a, ...b].map(({ name }) => name));
  return [...names].filter((name) => {
    const [left, right] = [a, b].map((records) => records.find((record) => record.name === name));
    return left === undefined || right === undefined || !left.data.equals(right.data);
  });
}

async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const paths = entries.map((entry) => join(entry.parentPath, entry.name));
  return new Map(await Promise.all(paths.map(async (path) => [relative(dir, path).split(sep).join('/'), await readFile(path)] as const)));
}

describe('npm run package', () => {
  it('names the zips by kind and version', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(first.map(({ path }) => relative(join(work, 'first'), path)).toSorted()).toEqual(KINDS.map((kind) => `shrtnr-${kind}-${version}.zip`).toSorted());
  });

  it.each(KINDS)('gives a byte-identical %s zip when the same tree is packaged twice', async (kind) => {
    expect((await bytesOf(first, kind)).equals(await bytesOf(second, kind))).toBe(true);
  });

  it.each(KINDS)('writes the %s zip with sorted, 1980-dated, 0644, relative entries and no local path inside', async (kind) => {
    const records = readZip(await bytesOf(first, kind));
    const names = records.map(({ name }) => name);
    expect(records.length).toBeGreaterThan(0);
    expect(names).toEqual(names.toSorted());
    for (const record of records) {
      expect({ name: record.name, time: record.time, date: record.date, madeBy: record.madeBy, mode: record.mode.toString(8), flags: record.flags }).toEqual({
        name: record.name,
        time: 0,
        date: 0x21, // 1980-01-01
        madeBy: 3, // Unix, so unzip applies the mode
        mode: '100644',
        flags: 0x0800, // UTF-8 names
      });
      expect(record.name).toMatch(/^[^/\\]/);
      expect(record.name.split('/')).not.toContain('..');
      expect(record.data.includes(ROOT), `${record.name} holds the path of the folder it was built in`).toBe(false);
    }
  });

  it.each(TARGETS)('puts exactly dist/%s in its store zip', async (target) => {
    const records = readZip(await bytesOf(first, target));
    const built = await filesUnder(join(ROOT, 'dist', target));
    expect(records.map(({ name }) => name)).toEqual([...built.keys()].toSorted());
    for (const { name, data } of records) expect(data.equals(built.get(name) ?? Buffer.alloc(0)), name).toBe(true);
  });

  it('puts the build inputs, the license, the reviewers README and its file list in the source zip, and nothing else', async () => {
    const records = readZip(await bytesOf(first, 'source'));
    const names = records.map(({ name }) => name);
    const text = (name: string) => records.find((record) => record.name === name)?.data.toString('utf8');
    expect([...new Set(names.map((name) => name.split('/')[0]))]).toEqual([
      'LICENSE',
      'README.md',
      'manifest.json',
      'package-lock.json',
      'package.json',
      'public',
      'scripts',
      'source-files.txt',
      'src',
      'tsconfig.json',
      'vite.config.ts',
    ]);
    expect(names.filter((name) => name.startsWith('scripts/') && !/^scripts\/(build\/|package\/|package\.ts$|lib\/zip\.ts$)/.test(name))).toEqual([]);
    expect(names.filter((name) => /\.test\.tsx?$|\/fake-[^/]+\.tsx?$/.test(name))).toEqual([]);
    const needed = ['src/background/main.ts', 'src/popup/index.html', 'public/icons/icon-128.png', 'scripts/lib/zip.ts', 'scripts/package.ts'];
    expect(names, 'only files git tracks are shipped: `git add` a new one').toEqual(expect.arrayContaining(needed));
    expect(text('README.md')).toBe(await readFile(join(ROOT, 'scripts/package/SOURCE-README.md'), 'utf8'));
    expect(text('source-files.txt')).toBe(`${names.join('\n')}\n`);
    expect(text('LICENSE')).toBe(await readFile(join(ROOT, 'LICENSE'), 'utf8'));
  });

  // An npm ci and a build of their own, niced beside the browsers in npm test: some 20 s alone here, over
  // two minutes on a busy machine. No ceiling: the hang watch (test/support/hang-watch.ts) finds a step that hangs.
  it('rebuilds the same four zips, byte for byte, from the source zip alone outside git', async ({ signal }) => {
    const source = join(work, 'unpacked-source');
    for (const { name, data } of readZip(await bytesOf(first, 'source'))) {
      await mkdir(dirname(join(source, name)), { recursive: true });
      await writeFile(join(source, name), data);
    }
    // The reviewers' steps, exactly (npm ci finds every package in npm's cache).
    await run(source, ['ci', '--prefer-offline', '--no-audit', '--no-fund'], signal);
    await run(source, ['run', 'package:zips'], signal);
    const rebuilt = await filesUnder(join(source, 'release'));
    for (const kind of KINDS) {
      const original = await bytesOf(first, kind);
      const name = relative(join(work, 'first'), first.find((zip) => zip.kind === kind)?.path ?? '');
      const again = rebuilt.get(name) ?? Buffer.alloc(0);
      expect(differingEntries(readZip(original), readZip(again)), `entries of ${name} that differ (is dist/ older than the source? \`npm run build\` first)`).toEqual([]);
      expect(again.equals(original), `${name} byte for byte`).toBe(true);
    }
  });
});

/**
 * npm in `cwd`, as a reviewer's shell would run it. The npm_* variables of
 * the `npm test` around this test (npm_config_local_prefix among them), this
 * repository's node_modules/.bin on PATH and vitest's own variables would tie
 * it to this checkout or this run, so they are left out; npm's cache and
 * registry settings stay. NODE_ENV is set on purpose: one left in a shell must
 * not change the build (vite.config.ts says why).
 */
async function run(cwd: string, args: string[], signal: AbortSignal): Promise<void> {
  const kept = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|vitest)/i.test(key) || kept.has(key.toLowerCase())));
  env.NODE_ENV = 'development';
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !resolve(entry).startsWith(ROOT + sep))
    .join(delimiter);
  // Given up on (the run interrupted), the test starts nothing more: its clean-up may be under way.
  signal.throwIfAborted();
  const ended = runCommand('npm', args, { cwd, env, signal });
  running.add(ended);
  await ended
    .catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`npm ${args.join(' ')} failed in the unpacked source zip:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`, { cause: error });
    })
    .finally(() => running.delete(ended));
}
