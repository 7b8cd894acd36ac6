import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;

const isFake = (file: string) => basename(file).startsWith('fake-');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Where a view's connector has a fake beside it for the component tests. */
const VIEWS_WITH_FAKES = ['popup', 'options', 'history'];

// The fakes beside the connectors (src/<view>/fake-*.ts) are test code, with
// vitest in them: a source file that imported one would put a stand-in for
// the browser into the shipped extension.
describe('the fakes beside the connectors stay in the tests', () => {
  const files = readdirSync(SRC, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));
  const fakes = files.filter(({ file }) => isFake(file)).map(({ file }) => file);

  /** The files of src/ that `file` imports (statically, dynamically or to re-export), as paths from src/ without extension. */
  const importsOf = (file: string, text: string) =>
    [...text.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*['"](\.[^'"]+)['"]/g)].map(([, specifier = '']) => relative(SRC, resolve(SRC, dirname(file), specifier)));

  it.each(VIEWS_WITH_FAKES)('src/%s has a fake connector beside its connector', (view) => {
    expect(fakes.filter((fake) => fake.replace(/\.tsx?$/, '') === `${view}/fake-${view}-connector`)).toHaveLength(1);
  });

  it('no source file imports a fake: only tests and other fakes do', () => {
    const offenders = files
      .filter(({ file }) => !isTest(file) && !isFake(file))
      .flatMap(({ file, text }) => importsOf(file, text).filter(isFake).map((fake) => `${file} imports ${fake}`));
    expect(offenders).toEqual([]);
  });

  it('every fake is used by a test', () => {
    const used = new Set(files.filter(({ file }) => isTest(file)).flatMap(({ file, text }) => importsOf(file, text)));
    expect(fakes.filter((fake) => !used.has(fake.replace(/\.tsx?$/, '')))).toEqual([]);
  });
});
