// The version has one home (package.json) and the build carries it into every
// manifest; `npm run release -- patch`, in a scratch clone of this repository,
// bumps it, writes the changelog's section from the commits since the last
// release, commits and tags, and the next build and package carry the new
// version: the Chrome, Firefox and Edge Add-ons zips, Edge's with nothing
// only Chrome reads, and the stores' listings (store-folder-checks.ts). Runs
// after `npm run build` (dist/ is read, never rebuilt here).
import { execFile, execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestFor, TARGETS, type ExtensionManifest } from '../../scripts/build/manifest-targets';
import { readZip } from './read-zip';
import { describeStoreFolder } from './store-folder-checks';

const ROOT = resolve(import.meta.dirname, '../..');
// The clone commits as someone, whatever identity (none, on a CI machine) git has here.
const IDENTITY = { GIT_AUTHOR_NAME: 'Release Test', GIT_AUTHOR_EMAIL: 'release@test.invalid', GIT_COMMITTER_NAME: 'Release Test', GIT_COMMITTER_EMAIL: 'release@test.invalid' };
const CHANGE = 'A change worth releasing';

const versionIn = async (path: string) => (JSON.parse(await readFile(path, 'utf8')) as { version: string }).version;

let clone = '';
const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, encoding: 'utf8', env: { ...process.env, ...IDENTITY } }).trim();

/** `npm run release -- <args>` in the clone: its exit code and what it printed. */
async function release(...args: string[]): Promise<{ code: number; output: string }> {
  const tsx = join(clone, 'node_modules/.bin/tsx');
  return promisify(execFile)(tsx, ['scripts/release.ts', ...args], { cwd: clone, env: { ...process.env, ...IDENTITY } }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: Error & { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: (error.stdout ?? '') + (error.stderr ?? '') }),
  );
}

beforeAll(async () => {
  clone = await mkdtemp(join(tmpdir(), 'shrtnr-release-'));
  execFileSync('git', ['clone', '--quiet', '--no-local', ROOT, clone]);
  await symlink(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
  // .gitignore's `node_modules/` names a folder; the link is a file to git: kept out of the clone's status.
  await appendFile(join(clone, '.git/info/exclude'), '/node_modules\n');
});

afterAll(async () => {
  if (clone !== '') await rm(clone, { recursive: true, force: true });
});

/** Today's date (UTC), as the release's changelog writes it. */
const today = () => new Date().toISOString().slice(0, 10);

describe('the version', () => {
  it.each(TARGETS)("is package.json's in the built %s manifest", async (target) => {
    expect(await versionIn(join(ROOT, 'dist', target, 'manifest.json'))).toBe(await versionIn(join(ROOT, 'package.json')));
  });
});

describe('npm run release', () => {
  it('refuses a tree with uncommitted changes, and a release type it does not know', async () => {
    await writeFile(join(clone, 'uncommitted.txt'), 'not committed\n');
    expect(await release('patch')).toMatchObject({ code: 1, output: expect.stringContaining('uncommitted changes') });
    await rm(join(clone, 'uncommitted.txt'));
    expect(await release('bugfix')).toMatchObject({ code: 1, output: expect.stringContaining('patch|minor|major') });
    expect(git('status', '--porcelain')).toBe('');
  });

  it('patch: bumps the version, writes the changelog from the commits since the last release, commits and tags; the build carries it', async () => {
    const before = await versionIn(join(clone, 'package.json'));
    const next = semver.inc(before, 'patch') ?? '';
    // The commits since the last release (no tag in a fresh clone: the last commit that wrote the changelog), then one more.
    const lastRelease = git('log', '-1', '--format=%H', '--', 'CHANGELOG.md');
    await writeFile(join(clone, 'change.txt'), 'a change\n');
    git('add', 'change.txt');
    git('commit', '--quiet', '-m', CHANGE);
    const subjects = git('log', '--reverse', '--no-merges', '--format=%s', `${lastRelease}..HEAD`).split('\n');
    expect(subjects.at(-1)).toBe(CHANGE);

    // The day the release ran on, by the clock it read: one run may cross midnight (UTC).
    const dayBefore = today();
    const { code, output } = await release('patch');
    const dayAfter = today();
    expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining(`Released ${next}`) });

    expect(await versionIn(join(clone, 'package.json'))).toBe(next);
    const lock = JSON.parse(await readFile(join(clone, 'package-lock.json'), 'utf8')) as { version: string; packages: Record<string, { version?: string }> };
    expect([lock.version, lock.packages['']?.version]).toEqual([next, next]);
    const changelog = await readFile(join(clone, 'CHANGELOG.md'), 'utf8');
    const day = new RegExp(`## \\[${next.replaceAll('.', '\\.')}\\] - (\\d{4}-\\d{2}-\\d{2})`).exec(changelog)?.[1];
    expect([dayBefore, dayAfter]).toContain(day);
    const section = `## [${next}] - ${day}\n\n### Changed\n\n${subjects.map((subject) => `- ${subject}`).join('\n')}\n\n## [${before}]`;
    expect(changelog).toContain(section);
    expect(git('log', '-1', '--format=%s')).toBe(`Release ${next}`);
    expect(git('rev-parse', `v${next}^{commit}`)).toBe(git('rev-parse', 'HEAD'));
    expect(git('status', '--porcelain')).toBe('');

    // The release made its packages (npm run package): its build carries the version, into the stores' zips too.
    for (const target of TARGETS) expect(await versionIn(join(clone, 'dist', target, 'manifest.json')), target).toBe(next);
    const zip = async (kind: string) => readZip(await readFile(join(clone, 'release', `shrtnr-${kind}-${next}.zip`)));
    const [chrome, edge] = [await zip('chrome'), await zip('edge')];
    const manifestOf = (records: typeof chrome) => JSON.parse(records.find(({ name }) => name === 'manifest.json')?.data.toString('utf8') ?? '{}') as ExtensionManifest;
    // Edge Add-ons gets the Chrome build, file for file, with the manifest less what only Chrome reads.
    expect(edge.map(({ name }) => name)).toEqual(chrome.map(({ name }) => name));
    for (const record of edge.filter(({ name }) => name !== 'manifest.json')) expect(record.data.equals(chrome.find(({ name }) => name === record.name)?.data ?? Buffer.alloc(0)), record.name).toBe(true);
    const edgeManifest = manifestOf(edge);
    expect(edgeManifest).toEqual(manifestFor('edge', manifestOf(chrome)));
    expect(edgeManifest).toMatchObject({ version: next, name: '__MSG_extensionName__', description: '__MSG_extensionDescription__' });
    expect(edgeManifest).not.toHaveProperty('update_url');
    expect(edgeManifest).not.toHaveProperty('key');
    // The name and description Edge Add-ons shows, in every language the package holds: no other browser's name.
    const locales = edge.filter(({ name }) => /^_locales\/[^/]+\/messages\.json$/.test(name));
    expect(locales).toHaveLength(5);
    for (const { name, data } of locales) {
      const messages = JSON.parse(data.toString('utf8')) as Record<string, { message: string }>;
      expect(messages['extensionName']?.message, name).toMatch(/^Shrtnr/);
      expect(`${messages['extensionName']?.message} ${messages['extensionDescription']?.message}`, name).not.toMatch(/chrome/i);
    }
  });
});

// What the release wrote for the stores (npm run package's store folder), read whole: made once here, in the clone.
describeStoreFolder(() => clone, () => join(clone, 'release/store'));
