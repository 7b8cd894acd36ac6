// The Node range package.json declares is true of every dependency: each
// package in the lock file that declares a Node range includes the lowest
// Node the project says it runs on (.npmrc's engine-strict makes `npm ci`
// fail where one does not; this says which, before anyone installs).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (name: string) => JSON.parse(readFileSync(resolve(ROOT, name), 'utf8')) as unknown;

interface PackageJson { engines?: { node?: string } }
interface LockFile { packages: Record<string, { engines?: { node?: string } | string[] }> }

describe('engines', () => {
  const range = (read('package.json') as PackageJson).engines?.node;

  it('package.json says which Node it needs, and npm holds every install to it', () => {
    expect(range).toBeDefined();
    expect(readFileSync(resolve(ROOT, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it('every dependency declared for Node includes the lowest Node the project runs on', () => {
    const lowest = semver.minVersion(range ?? '');
    expect(lowest).not.toBeNull();
    const { packages } = read('package-lock.json') as LockFile;
    const excluding = Object.entries(packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, { engines }]) => {
        // An old form some packages still publish: a list of strings ("node >= 0.8"); npm ignores it.
        const node = Array.isArray(engines) ? undefined : engines?.node;
        return node === undefined || semver.satisfies(lowest ?? '', node) ? [] : [`${path.replace(/^node_modules\//, '')}: node ${node}`];
      });
    expect(excluding).toEqual([]);
  });
});
