import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs stay a front door and a map that leads somewhere: the README is
// read in five minutes (issue 17), and every file a doc links to, or names in
// code quotes, exists in the tree as it is now.
const ROOT = resolve(import.meta.dirname, '../..');
const README = join(ROOT, 'README.md');
const docs = [README, join(ROOT, 'SECURITY.md'), join(ROOT, 'CONTRIBUTING.md'), ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md')).map((file) => join(ROOT, 'docs', file))];

/** Markdown links and images whose target is a file of this repository: `[text](target)`, not a URL or an anchor. */
function relativeLinks(text: string): string[] {
  // Code is not a link: `[page title](short)` in a code span is an example.
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.split('#')[0] ?? ''));
}

/** Paths quoted as code that name a file or folder of the tree (`src/...`, `test/...`): no globs, no placeholders. */
function quotedPaths(text: string): string[] {
  return [...text.matchAll(/`((?:src|test|tooling|scripts|docs|public)\/[^`\s]*)`/g)]
    .map((match) => match[1] ?? '')
    .filter((path) => !/[*<>{}]/.test(path));
}

describe('the docs', () => {
  it('keep the README to 200 lines at most', () => {
    expect(readFileSync(README, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  // Issue 35: each at the size of its job, as the thing stands today. Tables (the bench's, the timings) and code blocks are
  // not prose: the bench writes its table into performance.md itself.
  it.each(['docs/testing.md', 'docs/performance.md', 'docs/architecture.md', 'docs/design/rate-limit-queue.md'])('keep %s to 200 lines of prose at most', (doc) => {
    const prose = readFileSync(join(ROOT, doc), 'utf8').replace(/```[\s\S]*?```/g, '').trimEnd().split('\n').filter((line) => !line.startsWith('|'));
    expect(prose.length).toBeLessThanOrEqual(200);
  });

  it('link only to files that exist', () => {
    const broken = docs.flatMap((doc) =>
      relativeLinks(readFileSync(doc, 'utf8'))
        .filter((target) => !existsSync(resolve(dirname(doc), target)))
        .map((target) => `${relative(ROOT, doc)} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('name only paths that exist, from the repository root', () => {
    const missing = docs.flatMap((doc) =>
      quotedPaths(readFileSync(doc, 'utf8'))
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${relative(ROOT, doc)}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
