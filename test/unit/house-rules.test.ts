import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The house's rules that a script can see, over src/ (tests and fakes aside):
// imports only go down the layers (docs/architecture.md), no circles, no
// file over 200 lines, storage areas only in src/storage, ports only in
// src/messages, no failure in src/api/ but the API's. Type-only imports
// count: they tie the files together too.
const SRC = resolve(import.meta.dirname, '../../src');

/** Folders by layer, bottom up: a file may import from its own layer or one below. */
const LAYERS: Record<string, number> = { platform: 1, api: 1, storage: 2, shortening: 3, messages: 4, ui: 4, qr: 5, share: 5, background: 5, popup: 5, options: 5, history: 5, list: 5, offscreen: 5 };
/**
 * The worker's rooms (src/background/), bottom up, as docs/architecture.md
 * draws them: a file may import from its own room or one below. main.ts, which
 * registers every listener, is above them all, and testing/ (the e2e build's
 * worker entry, which imports main.ts) above main.ts.
 */
const BACKGROUND_ROOMS: Record<string, number> = { queue: 1, service: 2, sync: 3, delivery: 3, runs: 4, writing: 4, entries: 5, 'main.ts': 6, testing: 7 };
const BACKGROUND = join(SRC, 'background');
const roomOf = (file: string) => relative(BACKGROUND, file).split('/')[0] ?? '';
/** The contexts: none imports another (each is its own bundle entry; shared code lives below them). */
const CONTEXTS = new Set(['background', 'popup', 'options', 'history', 'list', 'offscreen']);

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)fake-[^/]*\.tsx?$/.test(file);
const sources = readdirSync(SRC, { recursive: true })
  .map(String)
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !isTestCode(file))
  .map((file) => join(SRC, file));
const known = new Set(sources);
const folderOf = (file: string) => relative(SRC, file).split('/')[0] ?? '';

/** A file's code without its comments, which may name a module (an example of how it is loaded) or a build: they do nothing. */
const codeOf = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');

function importsOf(file: string): string[] {
  const text = codeOf(file);
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g), ...text.matchAll(/import\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1] ?? '');
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
      return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
    })
    .filter((target): target is string => target !== undefined);
}

const edges = new Map(sources.map((file) => [file, importsOf(file)]));

/** The failure kinds a file's code names (`kind: '…'`), in a union's declaration or in a value it makes. */
const kindsIn = (file: string) => [...codeOf(file).matchAll(/\bkind: '([^']+)'/g)].map((match) => match[1]);

describe('the house rules', () => {
  it('every folder of src/ has its layer', () => {
    expect([...new Set(sources.map(folderOf))].filter((folder) => LAYERS[folder] === undefined)).toEqual([]);
  });

  it('imports only go down the layers, and no context imports another', () => {
    const upward: string[] = [];
    for (const [file, targets] of edges) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (from === to) continue;
        if ((LAYERS[to] ?? 0) > (LAYERS[from] ?? 0) || (CONTEXTS.has(from) && CONTEXTS.has(to))) upward.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('inside the worker, imports only go down its rooms', () => {
    const inWorker = [...edges].filter(([file]) => folderOf(file) === 'background');
    expect(inWorker.map(([file]) => roomOf(file)).filter((room) => BACKGROUND_ROOMS[room] === undefined)).toEqual([]);
    const upward = inWorker.flatMap(([file, targets]) =>
      targets
        .filter((target) => folderOf(target) === 'background' && roomOf(target) !== roomOf(file) && (BACKGROUND_ROOMS[roomOf(target)] ?? 0) > (BACKGROUND_ROOMS[roomOf(file)] ?? 0))
        .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('no module knows which build it is in: only the e2e seam (background/testing/) is the e2e build\'s, and nothing imports it', () => {
    expect(sources.filter((file) => /import\.meta\.env/.test(codeOf(file))).map((file) => relative(SRC, file))).toEqual([]);
    const intoSeam = [...edges].flatMap(([file, targets]) => (roomOf(file) === 'testing' ? [] : targets.filter((target) => folderOf(target) === 'background' && roomOf(target) === 'testing').map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`)));
    expect(intoSeam).toEqual([]);
  });

  it("src/api/ names only the API's own failures: each kind its union declares, its own code makes", () => {
    // What an account, the queue or a text fails with is declared where it is decided, or below (docs/architecture.md).
    const declared = kindsIn(join(SRC, 'api/errors.ts'));
    const made = new Set(sources.filter((file) => folderOf(file) === 'api' && !file.endsWith('/errors.ts')).flatMap(kindsIn));
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter((kind) => !made.has(kind))).toEqual([]);
  });

  it('no import circle', () => {
    // Depth-first search for an edge back to a file still on the path.
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const target of edges.get(file) ?? []) {
        if (state.get(target) === 'open') circles.push([...path.slice(path.indexOf(target)), target].map((step) => relative(SRC, step)).join(' -> '));
        else if (!state.has(target)) visit(target, [...path, target]);
      }
      state.set(file, 'done');
    };
    for (const file of sources) if (!state.has(file)) visit(file, [file]);
    expect(circles).toEqual([]);
  });

  it('no source file over 200 lines', () => {
    const long = sources.map((file) => [relative(SRC, file), readFileSync(file, 'utf8').split('\n').length - 1] as const).filter(([, lines]) => lines > 200);
    expect(long).toEqual([]);
  });

  it("nor one of the scripts, the tooling or the tests' harness (the tests themselves aside: a file of tests is as long as its cases)", () => {
    const ROOT = resolve(SRC, '..');
    const harness = ['scripts', 'tooling', 'test/support', 'test/build']
      .flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true }).map((file) => join(folder, String(file))))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const long = harness.map((file) => [file, readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1] as const).filter(([, lines]) => lines > 200);
    expect(long).toEqual([]);
  });

  it('storage areas are called only in src/storage (and the one door, src/platform)', () => {
    const calls = sources.filter((file) => !['storage', 'platform'].includes(folderOf(file)) && /\bstorage\.(local|session|sync|onChanged)\b/.test(readFileSync(file, 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')));
    expect(calls.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('ports are opened, served and posted to only in src/messages', () => {
    const raw = sources.filter((file) => folderOf(file) !== 'messages' && /runtime\.connect\(|\.postMessage\(|\.onDisconnect\b/.test(readFileSync(file, 'utf8')));
    // A BroadcastChannel is no port between contexts' pages and the worker: history's change signal.
    expect(raw.map((file) => relative(SRC, file))).toEqual(['storage/history-connection.ts']);
  });
});
