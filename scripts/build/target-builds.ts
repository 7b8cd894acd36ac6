import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Plugin } from 'vite';
import { allowsInlineStyles, POPUP_PAGE_OF_DIRECTION } from '../../src/platform/popup-pages.ts';
import { manifestFor, OFFSCREEN_PAGE, TARGETS, type ExtensionManifest, type Target } from './manifest-targets.ts';

/**
 * After crxjs has written the Chrome build to `<root>/chrome`, derives every
 * other target beside it (`<root>/firefox`, `<root>/edge`): the same files, its own
 * manifest, and without what that browser does not use.
 */
export function targetBuilds(root: string): Plugin {
  return {
    name: 'shrtnr-target-builds',
    apply: 'build',
    enforce: 'post',
    // Vite empties only outDir (<root>/chrome); a target left from an older build must go too.
    async buildStart() {
      await rm(root, { recursive: true, force: true });
    },
    // After the files are written, and only when the build succeeded (closeBundle
    // also runs after a failed build, whose missing manifest would hide the real error).
    async writeBundle() {
      const chromeDir = join(root, 'chrome');
      await compactLocales(join(chromeDir, '_locales'));
      const chromeManifest = JSON.parse(await readFile(join(chromeDir, 'manifest.json'), 'utf8')) as ExtensionManifest;
      for (const target of TARGETS.filter((name): name is Exclude<Target, 'chrome'> => name !== 'chrome')) {
        const dir = join(root, target);
        await rm(dir, { recursive: true, force: true });
        await cp(chromeDir, dir, { recursive: true });
        const manifest = manifestFor(target, chromeManifest);
        // A target whose manifest does not ask for offscreen documents (Firefox) ships no offscreen page.
        if (!(manifest.permissions ?? []).includes('offscreen')) await removeOffscreenPage(dir);
        // A target whose policy allows no inline style (Firefox) ships no popup page per direction.
        if (!allowsInlineStyles(manifest.content_security_policy?.extension_pages ?? '')) {
          for (const page of Object.values(POPUP_PAGE_OF_DIRECTION)) await rm(join(dir, page));
        }
        await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      }
    },
  };
}

/** Removes the offscreen page and the scripts that page alone loads (shared chunks stay). */
async function removeOffscreenPage(dir: string): Promise<void> {
  const page = await readFile(join(dir, OFFSCREEN_PAGE), 'utf8');
  const ownScripts = [...page.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) =>
    (match[1] ?? '').startsWith('/') ? (match[1] ?? '').slice(1) : posix.join(posix.dirname(OFFSCREEN_PAGE), match[1] ?? ''),
  );
  await rm(join(dir, OFFSCREEN_PAGE));
  await rm(join(dir, posix.dirname(OFFSCREEN_PAGE)), { recursive: true, force: true });
  const others = await allText(dir);
  for (const script of ownScripts) {
    const name = posix.basename(script);
    if (!others.some((text) => text.includes(name))) await rm(join(dir, script));
  }
}

async function allText(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && /\.(js|html|json|css)$/.test(entry.name));
  return Promise.all(files.map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')));
}

/**
 * The shipped messages.json files keep only what the browser reads: each
 * message, its placeholders put in place. Descriptions and examples are for
 * translators (they stay in public/_locales/), and in five languages they
 * would more than double what every install downloads.
 */
async function compactLocales(localesDir: string): Promise<void> {
  for (const locale of await readdir(localesDir)) {
    const file = join(localesDir, locale, 'messages.json');
    const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
    const compact = Object.fromEntries(Object.entries(messages).map(([key, { message, placeholders }]) => [key, { message: withPlaceholdersInPlace(message, placeholders ?? {}, `${locale}/${key}`) }]));
    await writeFile(file, JSON.stringify(compact));
  }
}

/**
 * A message with each `$NAME$` replaced by its placeholder's content (`$1` to `$9`), as both browsers do
 * when they read the file: they then fill `$1`… of the message with getMessage's substitutions (chrome.i18n,
 * "Localization message formats"; MDN, Internationalization, "Placeholders"). The same message, with no
 * placeholder declarations to ship: some 6 KB of the zip in five languages.
 */
export function withPlaceholdersInPlace(message: string, placeholders: Record<string, { content: string }>, name: string): string {
  const contents = new Map(Object.entries(placeholders).map(([placeholder, { content }]) => [placeholder.toLowerCase(), content]));
  return message.replace(/\$([A-Za-z0-9_@]+)\$(\d?)/g, (reference, placeholder: string, digitAfter: string) => {
    const content = contents.get(placeholder.toLowerCase());
    if (content === undefined) throw new Error(`${name}: the message names ${reference}, which it does not declare.`);
    if (!/^\$[1-9]$/.test(content)) throw new Error(`${name}: placeholder ${placeholder} holds "${content}", not a substitution ($1 to $9).`);
    // "$1" then a digit would be read as a substitution of two digits.
    if (digitAfter !== '') throw new Error(`${name}: ${reference} is followed by a digit, which would join its substitution's number.`);
    return content;
  });
}
