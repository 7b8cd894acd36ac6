import { execFile } from 'node:child_process';
import { access, readFile, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ZipEntry } from '../lib/zip.ts';

/**
 * What the source zip holds: exactly what `npm ci && npm run package` needs to
 * rebuild the store zips, for the add-on store's reviewers, and the license. Anything else
 * (tests, the repo's tooling in tooling/, docs) stays out; a file the build needs and this
 * list lacks fails test/build/package-reproducible.test.ts, which rebuilds
 * from the source zip alone.
 */
const SOURCE_FILES = new Set(['LICENSE', 'package.json', 'package-lock.json', 'tsconfig.json', 'manifest.json', 'vite.config.ts', 'scripts/package.ts', 'scripts/lib/zip.ts']);
const SOURCE_FOLDERS = ['src/', 'public/', 'scripts/build/', 'scripts/package/'];
// vite build does not typecheck, so the tests beside the modules are not needed,
// nor the fakes beside the connectors (src/<view>/fake-*.ts), which only tests import.
const LEFT_OUT = /\.test\.tsx?$|\/fake-[^/]+\.tsx?$/;

/** The reviewers' README, checked in here and shipped as the source zip's README.md. */
export const REVIEWER_README = 'scripts/package/SOURCE-README.md';
/**
 * The source zip's own list of its files. It marks an unpacked source zip
 * (which is no git work tree) and lets `npm run package` there rebuild the
 * very same source zip.
 */
export const FILE_LIST = 'source-files.txt';

export function isSourceFile(path: string): boolean {
  return (SOURCE_FILES.has(path) || SOURCE_FOLDERS.some((folder) => path.startsWith(folder))) && !LEFT_OUT.test(path) && path !== REVIEWER_README;
}

/**
 * The source zip's entries. In the repository, the files git tracks that
 * `isSourceFile` accepts (so untracked files never ship), plus the reviewers'
 * README and the file list; in an unpacked source zip, the files its list names.
 */
export async function sourceEntries(root: string): Promise<ZipEntry[]> {
  if (await isGitTopLevel(root)) return entriesFromGit(root);
  if (await exists(join(root, FILE_LIST))) return entriesFromList(root);
  throw new Error(
    `${resolve(root)} is neither the top of a git work tree (or git is not installed) nor an unpacked source zip (no ${FILE_LIST}): ` +
      'the source zip is made from the files git tracks, so package from a git checkout.',
  );
}

async function entriesFromGit(root: string): Promise<ZipEntry[]> {
  const names = (await gitPaths(root, ['ls-files'])).filter(isSourceFile);
  await warnIfNotACommit(root);
  const files = await Promise.all(names.map(async (name) => ({ name, data: await readFile(join(root, name)) })));
  const readme = { name: 'README.md', data: await readFile(join(root, REVIEWER_README)) };
  const list = [...names, readme.name, FILE_LIST].toSorted();
  return [...files, readme, { name: FILE_LIST, data: Buffer.from(`${list.join('\n')}\n`) }];
}

/**
 * Work in progress may package (the tests do), but a release should come from
 * a commit: only then does the source zip say what was built. And a new file
 * the build imports that git does not track would leave a source zip that
 * cannot rebuild.
 */
async function warnIfNotACommit(root: string): Promise<void> {
  const changed = (await gitPaths(root, ['diff', '--name-only', 'HEAD'])).filter(isSourceFile);
  const untracked = (await gitPaths(root, ['ls-files', '--others', '--exclude-standard'])).filter(isSourceFile);
  if (changed.length > 0) console.warn(`The source zip holds uncommitted changes to: ${changed.join(', ')}`);
  if (untracked.length > 0) console.warn(`Left out of the source zip, because git does not track them: ${untracked.join(', ')}`);
}

async function entriesFromList(root: string): Promise<ZipEntry[]> {
  const names = (await readFile(join(root, FILE_LIST), 'utf8')).split('\n').filter((name) => name !== '');
  return Promise.all(names.map(async (name) => ({ name, data: await readFile(join(root, name)) })));
}

/** True only at the top of a work tree: an unpacked source zip inside some other repository is not one. */
async function isGitTopLevel(root: string): Promise<boolean> {
  // Any failure (no git installed, not a repository) means "not a work tree"; the caller then says so loudly.
  const topLevel = await git(root, ['rev-parse', '--show-toplevel']).catch(() => undefined);
  return topLevel !== undefined && (await realpath(topLevel.trim())) === (await realpath(root));
}

/** The paths a git command lists, NUL-separated (-z) so no name is quoted or split. */
async function gitPaths(cwd: string, args: string[]): Promise<string[]> {
  return (await git(cwd, [...args, '-z'])).split('\0').filter((path) => path !== '');
}

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
