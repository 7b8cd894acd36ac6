import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function lookUpOnPath(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
  return dirs.map((dir) => join(dir, name)).find(isExecutableFile);
}
