// The extension's icon (two chain links on a blue tile) drawn at any size as a
// PNG, so the artwork is reproducible without an image editor: the toolbar
// icons (scripts/make-icons.ts) and the stores' larger logos (scripts/store/).
import { deflateSync } from 'node:zlib';

const TILE = [9, 105, 218];
const LINK = [255, 255, 255];

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x += 1) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array())]);
}

// Signed distance to a rounded rectangle centred at the origin (half sizes hx, hy, radius r).
function roundedRect(px: number, py: number, hx: number, hy: number, r: number): number {
  const qx = Math.abs(px) - hx + r;
  const qy = Math.abs(py) - hy + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Coverage in [0,1] of the icon's shapes at a point in unit coordinates (-1..1). */
function shade(u: number, v: number): { tile: number; link: number } {
  const tile = roundedRect(u, v, 0.94, 0.94, 0.3);
  // Rotate 45° and draw two overlapping stadium outlines: a chain.
  const a = (u - v) / Math.SQRT2;
  const b = (u + v) / Math.SQRT2;
  const ring = (offset: number) => Math.abs(roundedRect(a - offset, b, 0.36, 0.2, 0.2)) - 0.085;
  const link = Math.min(ring(-0.24), ring(0.24));
  return { tile: -tile, link: -link };
}

/** The icon, `size` pixels square: each pixel sampled 4×4 times, so its edges are smooth at any size. */
export function iconPng(size: number): Buffer {
  const samples = 4;
  return png(size, (x, y) => {
    let tile = 0;
    let link = 0;
    for (let sy = 0; sy < samples; sy += 1) {
      for (let sx = 0; sx < samples; sx += 1) {
        const u = ((x + (sx + 0.5) / samples) / size) * 2 - 1;
        const v = ((y + (sy + 0.5) / samples) / size) * 2 - 1;
        const hit = shade(u, v);
        if (hit.tile > 0) tile += 1;
        if (hit.tile > 0 && hit.link > 0) link += 1;
      }
    }
    const total = samples * samples;
    const mix = link / Math.max(tile, 1);
    const colour = TILE.map((channel, index) => Math.round(channel * (1 - mix) + (LINK[index] ?? 255) * mix));
    return [colour[0] ?? 0, colour[1] ?? 0, colour[2] ?? 0, Math.round((tile / total) * 255)];
  });
}
