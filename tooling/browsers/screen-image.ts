/** A colour as red, green and blue, 0 to 255 each. */
export type Rgb = readonly [number, number, number];

/** What an X screen shows: its size, and the colour at a point. */
export interface ScreenImage {
  width: number;
  height: number;
  pixel(x: number, y: number): Rgb;
}

/**
 * The screen of an Xvfb started with `-fbdir`, which keeps its framebuffer as
 * an XWD file (X Window Dump, version 7: a header of big-endian 32-bit
 * fields, its colour map, then the pixels). Read for the 24-bit TrueColor
 * screen startXvfb() makes: 32 bits a pixel, the byte order the header says.
 */
export function screenImage(dump: Buffer): ScreenImage {
  const field = (index: number) => dump.readUInt32BE(index * 4);
  const [headerSize, version, depth, width, height, byteOrder, bitsPerPixel, bytesPerLine, colours] = [field(0), field(1), field(3), field(4), field(5), field(7), field(11), field(12), field(19)];
  if (version !== 7 || depth !== 24 || bitsPerPixel !== 32) throw new Error(`Not the XWD screen startXvfb() makes (version ${version}, depth ${depth}, ${bitsPerPixel} bits a pixel).`);
  // Each colour map entry is 12 bytes.
  const pixels = headerSize + colours * 12;
  return {
    width,
    height,
    pixel(x, y) {
      const at = pixels + y * bytesPerLine + x * 4;
      // Least significant byte first (byte order 0): blue, green, red.
      const value = byteOrder === 0 ? dump.readUInt32LE(at) : dump.readUInt32BE(at);
      return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
    },
  };
}
