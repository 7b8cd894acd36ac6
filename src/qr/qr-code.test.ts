// Every code is checked the way a phone would: drawn to pixels and read back
// by a QR reader (jsQR), which must find exactly the short URL.
import { describe, expect, it } from 'vitest';
import { decodeQr, RasterContext, rasterise } from '../../test/support/qr-raster';
import { drawQr, QUIET_ZONE, qrModules, qrSide, qrSvg, shortCodeFileName } from './qr-code';

const SHORT_URLS = [
  'https://shrtnr.co/Ab3d',
  'https://sho.rt/a-b_c',
  'https://shrtnr.co/x',
  'https://links.example-company.com/campaigns/2026/Spring_Sale-Launch-Week_XYZ123abcDEF-456_ghi',
];

function moduleGrid(shortUrl: string): boolean[][] {
  const code = qrModules(shortUrl);
  return Array.from({ length: code.size }, (_row, y) => Array.from({ length: code.size }, (_column, x) => code.get(x, y)));
}

describe('qrModules', () => {
  it.each(SHORT_URLS)('encodes %s so a reader finds it exactly', (shortUrl) => {
    expect(decodeQr(rasterise(moduleGrid(shortUrl), QUIET_ZONE, 4))).toBe(shortUrl);
  });
});

describe('drawQr', () => {
  it.each(SHORT_URLS)('draws %s in whole pixels, dark on white, with a quiet zone of 4 modules', (shortUrl) => {
    const code = qrModules(shortUrl);
    const scale = 3;
    const side = qrSide(code) * scale;
    expect(qrSide(code)).toBe(code.size + 8);
    const raster = new RasterContext(side, side);
    drawQr(raster, code, scale);
    expect(decodeQr(raster)).toBe(shortUrl);
    // The quiet zone is white all round, and every pixel is either white or black.
    const quiet = QUIET_ZONE * scale;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const pixel = raster.pixel(x, y);
        const inQuietZone = x < quiet || y < quiet || x >= side - quiet || y >= side - quiet;
        const allowed = inQuietZone ? [[255, 255, 255, 255]] : [[0, 0, 0, 255], [255, 255, 255, 255]];
        expect(allowed, `(${x}, ${y})`).toContainEqual(pixel);
      }
    }
  });
});

/** The attributes of the first `<tag …>` in the SVG text. */
function attributesOf(svg: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(svg);
  if (element === null) throw new Error(`No <${tag}> in the SVG.`);
  return Object.fromEntries([...(element[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
}

/** The outline's vertical edges, from a path of absolute M/L/H/V/Z commands. */
function verticalEdges(d: string): { x: number; from: number; to: number }[] {
  const edges: { x: number; from: number; to: number }[] = [];
  let start = [0, 0];
  let at = [0, 0];
  const lineTo = (x: number, y: number) => {
    const [fromX = 0, fromY = 0] = at;
    if (x === fromX && y !== fromY) edges.push({ x, from: fromY, to: y });
    else if (y !== fromY && x !== fromX) throw new Error('A diagonal edge: the outline is not made of modules.');
    at = [x, y];
  };
  for (const [, command, args = ''] of d.matchAll(/([A-Za-z])([^A-Za-z]*)/g)) {
    const numbers = args.trim() === '' ? [] : args.trim().split(/[\s,]+/).map(Number);
    const [a = Number.NaN, b = Number.NaN] = numbers;
    if (command === 'M') at = start = [a, b];
    else if (command === 'L') lineTo(a, b);
    else if (command === 'H') lineTo(a, at[1] ?? 0);
    else if (command === 'V') lineTo(at[0] ?? 0, a);
    else if (command === 'Z') lineTo(start[0] ?? 0, start[1] ?? 0);
    else throw new Error(`Path command ${command} is not handled here.`);
  }
  return edges;
}

/** Which modules the SVG paints dark: the fill rule applied at each module's centre. */
function svgGrid(svg: string, size: number): boolean[][] {
  const path = attributesOf(svg, 'path');
  expect(path.fill).toMatch(/^(#000|#000000|black)$/i);
  const edges = verticalEdges(path.d ?? '');
  const evenOdd = path['fill-rule'] === 'evenodd';
  return Array.from({ length: size }, (_row, y) =>
    Array.from({ length: size }, (_column, x) => {
      const [cx, cy] = [x + 0.5, y + 0.5];
      let winding = 0;
      for (const edge of edges) {
        if (edge.x > cx && Math.min(edge.from, edge.to) < cy && cy < Math.max(edge.from, edge.to)) winding += edge.to > edge.from ? 1 : -1;
      }
      return evenOdd ? winding % 2 !== 0 : winding !== 0;
    }),
  );
}

describe('qrSvg', () => {
  it.each(SHORT_URLS)('is a standalone document whose path paints the code of %s, on white with the quiet zone', (shortUrl) => {
    const svg = qrSvg(shortUrl, 8);
    const code = qrModules(shortUrl);
    const side = qrSide(code);
    expect(svg).toMatch(/^<\?xml [^>]*\?>\s*<svg\b/);
    expect(svg.trimEnd()).toMatch(/<\/svg>$/);
    const root = attributesOf(svg, 'svg');
    expect(root.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.viewBox?.split(/\s+/).map(Number)).toEqual([-QUIET_ZONE, -QUIET_ZONE, side, side]);
    expect([root.width, root.height].map(Number)).toEqual([side * 8, side * 8]);
    const background = attributesOf(svg, 'rect');
    expect([background.x, background.y, background.width, background.height].map(Number)).toEqual([-QUIET_ZONE, -QUIET_ZONE, side, side]);
    expect(background.fill).toMatch(/^(#fff|#ffffff|white)$/i);

    const grid = svgGrid(svg, code.size);
    expect(grid).toEqual(moduleGrid(shortUrl));
    expect(decodeQr(rasterise(grid, QUIET_ZONE, 4))).toBe(shortUrl);
  });
});

describe('shortCodeFileName', () => {
  it.each([
    ['https://shrtnr.co/Ab3d', 'png', 'Ab3d.png'],
    ['https://shrtnr.co/Ab3d', 'svg', 'Ab3d.svg'],
    ['https://sho.rt/a-b_c', 'png', 'a-b_c.png'],
    ['https://shrtnr.co/team/Xy9/', 'svg', 'Xy9.svg'],
    ['https://shrtnr.co/Ab3d?utm=1#frag', 'png', 'Ab3d.png'],
    ['https://shrtnr.co/a.b%20c!%22', 'png', 'abc.png'],
    ['https://shrtnr.co/%C3%BCber-Link', 'png', 'ber-Link.png'],
    ['https://shrtnr.co/..%2F..%2Fetc', 'png', 'etc.png'],
    ['https://shrtnr.co/%2e%2e', 'png', 'short-link.png'],
    ['https://shrtnr.co/', 'png', 'short-link.png'],
    ['https://shrtnr.co', 'svg', 'short-link.svg'],
    ['not a url', 'png', 'short-link.png'],
    ['https://shrtnr.co/%E0%A4%A', 'png', 'E0A4A.png'],
  ] as const)('%s as %s is %s', (shortUrl, extension, fileName) => {
    expect(shortCodeFileName(shortUrl, extension)).toBe(fileName);
  });

  it('keeps a long code to 100 characters', () => {
    expect(shortCodeFileName(`https://shrtnr.co/${'a'.repeat(300)}`, 'png')).toBe(`${'a'.repeat(100)}.png`);
  });
});
