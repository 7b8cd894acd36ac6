import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowingStyles, directionPages, withoutInlineStyles } from '../../scripts/build/popup-directions';
import { allowsInlineStyles } from '../../src/platform/popup-pages';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="stylesheet" crossorigin href="/assets/kit-A.css">
    <link rel="stylesheet" crossorigin href="/assets/popup-B.css">
  </head>
  <body><main class="popup"></main></body>
</html>`;

const STYLESHEETS: Record<string, string> = {
  'assets/kit-A.css': ':root{direction:__MSG_@@bidi_dir__;color:red}\n',
  'assets/popup-B.css': '.popup{width:360px}\n',
};
const cssOf = (path: string) => STYLESHEETS[path] ?? '';
const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
const POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'";

describe("the popup's page per writing direction (scripts/build/popup-directions.ts)", () => {
  it('puts each stylesheet inline in its place, with the direction written in, and keeps the file named but disabled', () => {
    const { pages } = directionPages(PAGE, cssOf);
    expect(pages.rtl).toContain(
      '<link rel="stylesheet" href="/assets/kit-A.css" disabled><style>:root{direction:rtl;color:red}\n</style>\n' +
        '    <link rel="stylesheet" href="/assets/popup-B.css" disabled><style>.popup{width:360px}\n</style>',
    );
    expect(pages.ltr).toContain('<style>:root{direction:ltr;color:red}\n</style>');
    // Nothing else of the page changes.
    expect(pages.ltr.replace(/<link[^>]*disabled><style>[^<]*<\/style>/g, '')).toBe(PAGE.replace(/<link rel="stylesheet"[^>]*>/g, ''));
  });

  it("gives the hash of each inline stylesheet once, for the manifest's style-src", () => {
    const { styleHashes } = directionPages(PAGE, cssOf);
    expect(styleHashes.toSorted()).toEqual(
      [hashOf(':root{direction:ltr;color:red}\n'), hashOf(':root{direction:rtl;color:red}\n'), hashOf('.popup{width:360px}\n')].toSorted(),
    );
  });

  it('refuses a page with no stylesheet, a message other than the direction, and a stylesheet that would end its element', () => {
    expect(() => directionPages('<html><head></head></html>', cssOf)).toThrow(/no stylesheet/);
    expect(() => directionPages(PAGE, (path) => (path === 'assets/popup-B.css' ? '.x::after{content:"__MSG_name__"}' : ''))).toThrow(/__MSG_name__/);
    expect(() => directionPages(PAGE, () => '.x::after{content:"</style>"}')).toThrow(/<\//);
  });

  it("adds the hashes to the policy's style-src, and nowhere else", () => {
    expect(allowingStyles(POLICY, ["'sha256-a'", "'sha256-b'"])).toBe("default-src 'none'; script-src 'self'; style-src 'self' 'sha256-a' 'sha256-b'; img-src 'self'");
    expect(allowingStyles("style-src 'self'", ["'sha256-a'"])).toBe("style-src 'self' 'sha256-a'");
    expect(() => allowingStyles("default-src 'none'; script-src 'self'", ["'sha256-a'"])).toThrow(/no style-src/);
  });

  it("takes the hashes out again for a target that keeps the manifest's page alone, and says which policy allows them", () => {
    const allowing = allowingStyles(POLICY, ["'sha256-a'", "'sha256-b'"]);
    expect(allowsInlineStyles(allowing)).toBe(true);
    expect(withoutInlineStyles(allowing)).toBe(POLICY);
    expect(allowsInlineStyles(POLICY)).toBe(false);
    // A hash elsewhere in the policy is not one of the popup's styles.
    expect(allowsInlineStyles("script-src 'self' 'sha256-a'; style-src 'self'")).toBe(false);
  });
});
