import { describe, expect, it } from 'vitest';
import { screenImage } from '../../tooling/browsers/screen-image';

/** An XWD dump as Xvfb's -fbdir keeps it: a 100-byte header, a name, 256 colour map entries, 32-bit pixels. */
function dump(width: number, height: number, pixels: (x: number, y: number) => number): Buffer {
  const headerSize = 104;
  const bytesPerLine = width * 4 + 8;
  const buffer = Buffer.alloc(headerSize + 256 * 12 + bytesPerLine * height);
  const fields = [headerSize, 7, 2, 24, width, height, 0, 0, 32, 0, 32, 32, bytesPerLine, 4, 0xff0000, 0xff00, 0xff, 8, 256, 256, width, height, 0, 0, 0];
  fields.forEach((value, index) => buffer.writeUInt32BE(value, index * 4));
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) buffer.writeUInt32LE(pixels(x, y), headerSize + 256 * 12 + y * bytesPerLine + x * 4);
  return buffer;
}

describe('screenImage', () => {
  it('reads each pixel as red, green and blue, past the header, the colour map and each line\'s padding', () => {
    const image = screenImage(dump(3, 2, (x, y) => (x === 2 && y === 1 ? 0x0969da : 0xffffff)));
    expect([image.width, image.height]).toEqual([3, 2]);
    expect(image.pixel(2, 1)).toEqual([9, 105, 218]);
    expect(image.pixel(0, 0)).toEqual([255, 255, 255]);
  });

  it('refuses a dump that is not a 24-bit screen of 32-bit pixels', () => {
    const other = dump(1, 1, () => 0);
    other.writeUInt32BE(16, 3 * 4);
    expect(() => screenImage(other)).toThrow(/depth 16/);
  });
});
