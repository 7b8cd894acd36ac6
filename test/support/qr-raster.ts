import jsQR from 'jsqr';

/** The colours drawing may use, as RGBA; anything else is a mistake the test should hear about. */
const COLOURS: Record<string, readonly [number, number, number, number]> = {
  '#000': [0, 0, 0, 255],
  '#000000': [0, 0, 0, 255],
  black: [0, 0, 0, 255],
  '#fff': [255, 255, 255, 255],
  '#ffffff': [255, 255, 255, 255],
  white: [255, 255, 255, 255],
};

/**
 * A stand-in for a 2D canvas context that records `fillRect` into RGBA
 * pixels, so drawing code can be rasterised and decoded without a browser.
 * Unpainted pixels are a mid grey: a missing white background shows.
 */
export class RasterContext {
  fillStyle: unknown = '#000';
  readonly data: Uint8ClampedArray;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4).fill(128);
  }

  fillRect(x: number, y: number, width: number, height: number): void {
    if (![x, y, width, height].every(Number.isInteger)) throw new Error(`fillRect(${x}, ${y}, ${width}, ${height}) is off the pixel grid: the code would blur.`);
    const colour = COLOURS[String(this.fillStyle).toLowerCase()];
    if (colour === undefined) throw new Error(`Unexpected fill ${String(this.fillStyle)}.`);
    for (let row = Math.max(0, y); row < Math.min(this.height, y + height); row++) {
      for (let column = Math.max(0, x); column < Math.min(this.width, x + width); column++) this.data.set(colour, (row * this.width + column) * 4);
    }
  }

  /** The pixel's [r, g, b, a]. */
  pixel(x: number, y: number): number[] {
    const at = (y * this.width + x) * 4;
    return [...this.data.subarray(at, at + 4)];
  }
}

/** A module grid (true = dark) drawn at `scale` pixels a module, with `pad` white modules around it. */
export function rasterise(grid: readonly (readonly boolean[])[], pad: number, scale: number): RasterContext {
  const side = (grid.length + 2 * pad) * scale;
  const raster = new RasterContext(side, side);
  raster.fillStyle = '#fff';
  raster.fillRect(0, 0, side, side);
  raster.fillStyle = '#000';
  grid.forEach((row, y) => row.forEach((dark, x) => dark && raster.fillRect((x + pad) * scale, (y + pad) * scale, scale, scale)));
  return raster;
}

/** What a QR reader finds in the pixels, or undefined. */
export function decodeQr(raster: RasterContext): string | undefined {
  return jsQR(raster.data, raster.width, raster.height, { inversionAttempts: 'dontInvert' })?.data;
}
