// The store pictures composed from the raw captures: each screenshot is the
// page area (1280×704) under a caption band in the listing's language, with
// the popup where the toolbar drops it, or the menu item and the notification
// a right-click gives; the promo tile is the icon, the name and the listing's
// line. Drawn as HTML in Chromium, so every script is shaped by the browser
// that shapes the extension's own; text that does not fit is refused.
import type { Page } from 'playwright-core';
import { CONTENT, type Captures, type ColorScheme, type ExtensionWords, type SchemeCaptures } from './captures.ts';
import type { Listing, Scene } from './listing.ts';

export const SCREENSHOT = { width: 1280, height: 800 } as const;
export const PROMO_TILE = { width: 440, height: 280 } as const;

/** What a language's pictures are drawn with besides the captures. */
export interface Stage extends ExtensionWords {
  listing: Listing;
  /** The extension's icons: 128 px, and the 16 px one a menu item shows. */
  icon: Buffer;
  menuIcon: Buffer;
}

const PALETTE = {
  light: { band: '#0969da', bandText: '#ffffff', card: '#ffffff', cardText: '#1f2328', muted: '#59636e', border: '#d1d9e0', highlight: '#ddf4ff' },
  dark: { band: '#151b23', bandText: '#e6edf3', card: '#151b23', cardText: '#e6edf3', muted: '#9198a1', border: '#3d444d', highlight: '#1f3a5f' },
} as const;

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const pngUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

/** One store screenshot, 1280×800. */
export async function renderScreenshot(page: Page, stage: Stage, captures: Captures, scene: Scene, scheme: ColorScheme): Promise<Buffer> {
  const colours = PALETTE[scheme];
  const shots = captures[scheme];
  const body = `<header class="band" data-fit>
  <img src="${pngUrl(stage.icon)}" alt="" width="56" height="56">
  <p>${escape(stage.listing.captions[scene])}</p>
</header>
<div class="frame">${frame(scene, shots, captures, stage)}</div>`;
  const css = `
  .band { height: ${SCREENSHOT.height - CONTENT.height}px; display: flex; align-items: center; gap: 20px; padding: 0 40px; background: ${colours.band}; color: ${colours.bandText}; overflow: hidden; }
  .band p { margin: 0; font-size: 30px; line-height: 1.15; font-weight: 600; }
  .frame { position: relative; width: ${CONTENT.width}px; height: ${CONTENT.height}px; overflow: hidden; }
  .frame > img.page { display: block; }
  .popup { position: absolute; top: 8px; inset-inline-end: 16px; border: 1px solid ${colours.border}; border-radius: 8px; box-shadow: 0 8px 28px rgb(0 0 0 / 0.3); }
  .menu, .note { position: absolute; background: ${colours.card}; color: ${colours.cardText}; border: 1px solid ${colours.border}; box-shadow: 0 8px 28px rgb(0 0 0 / 0.3); }
  .menu { border-radius: 6px; padding: 4px 0; font-size: 14px; }
  .menu div { display: flex; align-items: center; gap: 10px; padding: 6px 16px; background: ${colours.highlight}; white-space: nowrap; }
  .note { inset-inline-end: 16px; bottom: 16px; width: 380px; border-radius: 10px; padding: 14px 16px; display: flex; gap: 12px; font-size: 14px; }
  .note p { margin: 0 0 4px; overflow-wrap: anywhere; }
  .note p:first-child { font-weight: 600; }
  .note p.muted { color: ${colours.muted}; }`;
  return render(page, stage, scheme, SCREENSHOT, css, body);
}

/** The Chrome Web Store's small promo tile, 440×280. */
export async function renderPromoTile(page: Page, stage: Stage): Promise<Buffer> {
  const css = `
  body { background: linear-gradient(135deg, #0969da, #0550ae); color: #ffffff; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px; }
  h1 { margin: 0; font-size: 44px; }
  p { margin: 0; font-size: 22px; font-weight: 600; max-width: 400px; white-space: nowrap; overflow: hidden; }`;
  const body = `<img src="${pngUrl(stage.icon)}" alt="" width="96" height="96"><h1>${escape(stage.shortName)}</h1><p data-fit>${escape(stage.listing.tagline)}</p>`;
  return render(page, stage, 'light', PROMO_TILE, css, body);
}

function frame(scene: Scene, shots: SchemeCaptures, captures: Captures, stage: Stage): string {
  switch (scene) {
    case 'popup':
      return `<img class="page" src="${pngUrl(shots.article)}" alt=""><img class="popup" src="${pngUrl(shots.popup)}" alt="">`;
    case 'menu':
      return `<img class="page" src="${pngUrl(shots.article)}" alt="">${menuAt(captures.link, stage)}${notification(captures.notification, stage.icon)}`;
    case 'history':
      return `<img class="page" src="${pngUrl(shots.history)}" alt="">`;
    case 'settings':
      return `<img class="page" src="${pngUrl(shots.settings)}" alt="">`;
  }
}

/** The extension's item of the menu a right-click on the link opens, below the pointer (mirrored right to left). */
function menuAt(link: Captures['link'], stage: Stage): string {
  const pointerX = Math.round(link.x + link.width / 2);
  const top = Math.round(link.y + link.height + 4);
  const side = stage.direction === 'rtl' ? `right: ${CONTENT.width - pointerX}px` : `left: ${pointerX}px`;
  return `<div class="menu" style="top: ${top}px; ${side}" data-fit><div><img src="${pngUrl(stage.menuIcon)}" alt="" width="16" height="16">${escape(stage.menuItem)}</div></div>`;
}

function notification(lines: string[], icon: Buffer): string {
  const [title = '', ...rest] = lines;
  const paragraphs = [`<p>${escape(title)}</p>`, ...rest.map((line, index) => `<p${index === rest.length - 1 && rest.length > 1 ? ' class="muted"' : ''}>${escape(line)}</p>`)];
  return `<div class="note"><img src="${pngUrl(icon)}" alt="" width="40" height="40"><div>${paragraphs.join('')}</div></div>`;
}

async function render(page: Page, stage: Stage, scheme: ColorScheme, size: { width: number; height: number }, css: string, body: string): Promise<Buffer> {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: scheme });
  const html = `<!doctype html><html lang="${stage.listing.locale}" dir="${stage.direction}"><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${size.width}px; height: ${size.height}px; overflow: hidden; font: 16px/1.4 system-ui, sans-serif; }${css}
  </style></head><body>${body}</body></html>`;
  await page.setContent(html, { waitUntil: 'load' });
  // Cut off inside its box, or reaching past the picture's edge.
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-fit]')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const outside = box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight;
        return outside || element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
      })
      .map((element) => (element.textContent ?? '').trim().replace(/\s+/g, ' ')),
  );
  if (overflowing.length > 0) throw new Error(`${stage.listing.locale}: text too long for its picture: ${overflowing.join(' | ')}`);
  return page.screenshot({ type: 'png' });
}
