import { correction, generate, type Bitmap2D } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';

/** The white margin readers need around the code, in modules (ISO/IEC 18004 asks for 4). */
export const QUIET_ZONE = 4;

/** The code's modules. Level M (15 % of it may be lost) keeps a short URL's code small and sturdy. */
export function qrModules(shortUrl: string): Bitmap2D {
  return generate(shortUrl, { minCorrectionLevel: correction.M });
}

/** Modules along one side, quiet zone included. */
export function qrSide(code: Pick<Bitmap2D, 'size'>): number {
  return code.size + 2 * QUIET_ZONE;
}

/** The part of a 2D canvas context drawing needs (tests rasterise through it without a canvas). */
export interface FillTarget {
  fillStyle: unknown;
  fillRect(x: number, y: number, width: number, height: number): void;
}

/**
 * Draws the code at `scale` pixels per module, quiet zone included: always
 * dark on white, whatever the page's colour scheme, as readers expect.
 */
export function drawQr(target: FillTarget, code: Pick<Bitmap2D, 'size' | 'get'>, scale: number): void {
  target.fillStyle = '#fff';
  target.fillRect(0, 0, qrSide(code) * scale, qrSide(code) * scale);
  target.fillStyle = '#000';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y)) target.fillRect((x + QUIET_ZONE) * scale, (y + QUIET_ZONE) * scale, scale, scale);
    }
  }
}

/** A standalone SVG document of the code, quiet zone included, `scale` units per module. */
export function qrSvg(shortUrl: string, scale = 8): string {
  return toSvgSource(qrModules(shortUrl), { on: '#000', off: '#fff', pad: QUIET_ZONE, scale, xmlDeclaration: true });
}

/** A PNG of the code, `scale` pixels per module (whole pixels, so it stays crisp). */
export function qrPngBlob(shortUrl: string, scale = 10): Promise<Blob> {
  const code = qrModules(shortUrl);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = qrSide(code) * scale;
  const context = canvas.getContext('2d');
  if (context === null) return Promise.reject(new Error('This page has no 2D canvas to draw the QR code on.'));
  drawQr(context, code, scale);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob === null ? reject(new Error('The QR code could not be encoded as PNG.')) : resolve(blob)), 'image/png');
  });
}

/** The file name for a saved code: the link's short code ("Ab3d.png"), or "short-link.png". */
export function shortCodeFileName(shortUrl: string, extension: 'png' | 'svg'): string {
  const path = URL.canParse(shortUrl) ? new URL(shortUrl).pathname : '';
  const code = path.split('/').findLast((segment) => segment !== '') ?? '';
  let name = code;
  try {
    name = decodeURIComponent(code);
  } catch {
    // A malformed escape: its characters are sanitised below like any others.
  }
  name = name.replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 100);
  return `${name || 'short-link'}.${extension}`;
}
