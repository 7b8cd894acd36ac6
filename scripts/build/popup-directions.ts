import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { POPUP_PAGE, POPUP_PAGE_OF_DIRECTION, type WritingDirection } from '../../src/platform/popup-pages.ts';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\shref="\/([^"]+\.css)"[^>]*>/g;
const BIDI_DIR = /__MSG_@@bidi_dir__/g;
const STYLE_SRC = /(^|;)(\s*style-src\b[^;]*)/;

export interface DirectionPages {
  /** Each direction's page: the popup's, its stylesheets inline with the direction written in. */
  pages: Record<WritingDirection, string>;
  /** `'sha256-…'` of every inline stylesheet of those pages, for the manifest's `style-src`. */
  styleHashes: string[];
}

/**
 * Why the popup has a page per direction (src/platform/popup-pages.ts): a
 * stylesheet file holds the page's first frame until it has come, and on a
 * busy two-core machine that is a round trip through the browser process the
 * blank popup does not make (docs/performance.md, "The first frame").
 * Inline, the styles are there with the markup; the one thing only a file
 * could say, the UI language's direction, is written into each page's copy
 * instead. The pages keep the order of the stylesheets, and so the cascade.
 * `cssOf` reads a stylesheet of the build by its path.
 */
export function directionPages(html: string, cssOf: (path: string) => string): DirectionPages {
  const links = [...html.matchAll(STYLESHEET_LINK)];
  if (links.length === 0) throw new Error(`${POPUP_PAGE}: no stylesheet to put inline.`);
  const styleHashes = new Set<string>();
  const pageIn = (direction: WritingDirection) =>
    html.replace(STYLESHEET_LINK, (_link, path: string) => {
      const css = cssOf(path).replace(BIDI_DIR, direction);
      // The browser fills messages in only in files: any other left inline would be read as it stands.
      if (css.includes('__MSG_')) throw new Error(`${path}: a message other than @@bidi_dir cannot be put inline (${/__MSG_\S*/.exec(css)?.[0]}).`);
      if (css.includes('</')) throw new Error(`${path}: "</" would end its <style> element early.`);
      styleHashes.add(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
      // The file stays named, disabled (never fetched: HTML's link type "stylesheet"), for the chunks the popup
      // loads later: Vite's preload helper links a chunk's stylesheets unless the page has a stylesheet link to
      // the same address, and the page kit's, linked again after the popup's own, would win over it.
      return `<link rel="stylesheet" href="/${path}" disabled><style>${css}</style>`;
    });
  return { pages: { ltr: pageIn('ltr'), rtl: pageIn('rtl') }, styleHashes: [...styleHashes] };
}

/** The extension pages' policy with `hashes` allowed beside its `style-src` sources. */
export function allowingStyles(policy: string, hashes: string[]): string {
  if (!STYLE_SRC.test(policy)) throw new Error(`The extension pages' policy has no style-src to allow the popup's inline styles in: ${policy}`);
  return policy.replace(STYLE_SRC, (_directive, start: string, styleSrc: string) => `${start}${[styleSrc.trimEnd(), ...hashes].join(' ')}`);
}

/** The policy with no inline style allowed: a target that keeps the manifest's page alone (Firefox, manifest-targets.ts). */
export function withoutInlineStyles(policy: string): string {
  return policy.replace(STYLE_SRC, (_directive, start: string, styleSrc: string) => `${start}${styleSrc.replace(/\s+'sha256-[^']*'/g, '')}`);
}

interface Manifest {
  content_security_policy?: { extension_pages?: string };
}

/**
 * The build step, once the Chrome build is written (and before the other
 * targets are derived from it, scripts/build/target-builds.ts): the pages
 * beside the popup's, and their styles' hashes in the manifest's policy.
 */
export function popupDirectionsPlugin(): Plugin {
  return {
    name: 'shrtnr-popup-directions',
    apply: 'build',
    enforce: 'post',
    writeBundle: {
      // Done before any later plugin's writeBundle starts: target-builds copies what this writes.
      sequential: true,
      async handler({ dir }) {
        if (dir === undefined) throw new Error('The build has no output folder to write the popup\'s direction pages in.');
        const html = await readFile(join(dir, POPUP_PAGE), 'utf8');
        const css = new Map<string, string>();
        for (const [, path = ''] of html.matchAll(STYLESHEET_LINK)) css.set(path, await readFile(join(dir, path), 'utf8'));
        const { pages, styleHashes } = directionPages(html, (path) => css.get(path) ?? '');
        for (const direction of ['ltr', 'rtl'] as const) await writeFile(join(dir, POPUP_PAGE_OF_DIRECTION[direction]), pages[direction]);
        const manifestPath = join(dir, 'manifest.json');
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
        const policy = manifest.content_security_policy?.extension_pages;
        if (policy === undefined) throw new Error("The manifest has no content_security_policy.extension_pages to allow the popup's inline styles in.");
        manifest.content_security_policy = { ...manifest.content_security_policy, extension_pages: allowingStyles(policy, styleHashes) };
        await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
      },
    },
  };
}
