// What a context of the build loads before its own code runs, and its size
// gzipped (scripts/lib/bundle-sizes.ts holds the budgets): a page's scripts and
// stylesheets, and every module they import statically; chunks loaded later by
// import() do not count, but for a page's loader's.
import { readFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ContextSize {
  /** Files the context loads before it can run, relative to dist/. */
  files: string[];
  /** Sum of each file's gzip size (level 9), as a browser would fetch them compressed. */
  gzipBytes: number;
}

// Static imports only (`import{a}from"./x.js"`, `import"./x.js"`): what runs
// before the first line of the context's own code. import() loads later.
// The path must look like one (./, ../ or /): code may hold `import` next to a quote too ([data-focus="import"]).
const STATIC_IMPORT = /\bimport\s*(?:[\w{},*\s$]+from\s*)?["']((?:\.{1,2})?\/[^"']+)["']/g;
const HTML_ASSET = /<(?:script[^>]*\ssrc|link[^>]*\shref)=["']([^"']+)["']/g;
// A classic script a page names runs as soon as it is fetched, and what it import()s at once is the
// page's own start: the popup's loader (scripts/build/popup-loader.ts) names every module the popup runs.
const CLASSIC_SCRIPT = /<script(?![^>]*\stype=["']module["'])[^>]*\ssrc=["']([^"']+)["']/g;
const LOADER_IMPORT = /\bimport\(\s*["']((?:\.{1,2})?\/[^"']+)["']\s*\)/g;

/** A file a reference names: from the build's root, or from the file that names it. */
const pathOf = (reference: string, from: string) => (reference.startsWith('/') ? reference.slice(1) : posix.join(dirname(from), reference));

export async function measureContext(distDir: string, entry: string): Promise<ContextSize> {
  const seen = new Set<string>();
  const loaders = new Set<string>();
  const queue = [posix.normalize(entry)];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(join(distDir, file), 'utf8');
    const patterns = file.endsWith('.html') ? [HTML_ASSET] : file.endsWith('.js') ? [STATIC_IMPORT, ...(loaders.has(file) ? [LOADER_IMPORT] : [])] : [];
    if (file.endsWith('.html')) for (const [, script = ''] of text.matchAll(CLASSIC_SCRIPT)) loaders.add(pathOf(script, file));
    for (const match of patterns.flatMap((pattern) => [...text.matchAll(pattern)])) {
      const reference = match[1] ?? '';
      if (/^[a-z]+:/i.test(reference)) continue;
      queue.push(pathOf(reference, file));
    }
  }
  const files = [...seen].toSorted();
  const sizes = await Promise.all(files.map(async (file) => gzipSync(await readFile(join(distDir, file)), { level: 9 }).length));
  return { files, gzipBytes: sizes.reduce((sum, size) => sum + size, 0) };
}
