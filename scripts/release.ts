// `npm run release -- patch|minor|major`: one command per release. On a clean
// tree it bumps the version in its one home (package.json; the build writes it
// into each manifest), adds the version's section to CHANGELOG.md (Keep a
// Changelog) from the commits since the last release, commits both, and tags
// v<version>, then makes what the stores take (npm run package: the three zips
// and release/store/). Nothing is pushed: look it over, then push the commit and the tag.
// The last release is the tag of the current version, or, without it (a clone
// that did not fetch tags), the last commit that wrote CHANGELOG.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';

const RELEASE_TYPES = ['patch', 'minor', 'major'] as const;
type ReleaseType = (typeof RELEASE_TYPES)[number];
const CHANGELOG = 'CHANGELOG.md';
/** The first version section: the new one goes in above it (or at the end of the intro). */
const VERSION_HEADING = /^## \[/m;

const root = resolve(import.meta.dirname, '..');
const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

function fail(message: string): never {
  console.error(`npm run release: ${message}`);
  process.exit(1);
}

const type = process.argv[2];
if (!RELEASE_TYPES.includes(type as ReleaseType)) fail(`say which part of the version to bump: npm run release -- ${RELEASE_TYPES.join('|')} (got ${type ?? 'nothing'}).`);
if (git('status', '--porcelain') !== '') fail('the tree has uncommitted changes: commit or stash them first, so the release is exactly a commit.');

const packagePath = join(root, 'package.json');
const packageJson = JSON.parse(readFileSync(packagePath, 'utf8')) as { version: string };
const current = packageJson.version;
const next = semver.inc(current, type as ReleaseType);
if (next === null) fail(`package.json's version "${current}" is not a semantic version.`);
const tag = `v${next}`;
if (git('tag', '--list', tag) !== '') fail(`the tag ${tag} exists already.`);

// The commits since the last release, oldest first, by their subject line.
const since = git('tag', '--list', `v${current}`) !== '' ? `v${current}` : git('log', '-1', '--format=%H', '--', CHANGELOG);
const subjects = git('log', '--reverse', '--no-merges', '--format=%s', ...(since === '' ? [] : [`${since}..HEAD`])).split('\n').filter((line) => line !== '');
if (subjects.length === 0) fail(`nothing was committed since ${since}: there is nothing to release.`);

const today = new Date().toISOString().slice(0, 10);
const section = [`## [${next}] - ${today}`, '', '### Changed', '', ...subjects.map((subject) => `- ${subject}`), '', ''].join('\n');
const changelogPath = join(root, CHANGELOG);
const changelog = readFileSync(changelogPath, 'utf8');
const at = changelog.search(VERSION_HEADING);
writeFileSync(changelogPath, at === -1 ? `${changelog.trimEnd()}\n\n${section}` : `${changelog.slice(0, at)}${section}${changelog.slice(at)}`);
// npm writes both files as 2-space JSON with a final newline: written back the same way.
const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
writeJson(packagePath, { ...packageJson, version: next });
// The lock file repeats the project's version (at its top and as its root package): kept in step.
const lockPath = join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { version: string; packages: Record<string, { version?: string }> };
writeJson(lockPath, { ...lock, version: next, packages: { ...lock.packages, '': { ...lock.packages[''], version: next } } });

git('add', 'package.json', 'package-lock.json', CHANGELOG);
git('commit', '--quiet', '-m', `Release ${next}`);
git('tag', '--annotate', tag, '-m', `Release ${next}`);
console.log(`Released ${next}: package.json, package-lock.json and ${CHANGELOG} committed, tagged ${tag} (${subjects.length} commit${subjects.length === 1 ? '' : 's'} since ${since === '' ? 'the start' : since.slice(0, 12)}).`);
// What the stores take, built from the tagged commit: the Chrome, Firefox and Edge zips and each store's listing.
try {
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'inherit' });
} catch {
  fail(`${tag} is tagged, but its packages could not be made (above): once that is fixed, npm run package makes them.`);
}
console.log(`release/ holds the zips of ${next} (Chrome, Firefox, Edge) and release/store/ their listings. Look it over, then: git push && git push origin ${tag}.`);
