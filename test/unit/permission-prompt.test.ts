import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { promptOnScreen } from '../../tooling/browsers/permission-prompt';
import type { Rgb, ScreenImage } from '../../tooling/browsers/screen-image';

// Parts of the screen of headed Chromium 156 under Xvfb, around its prompt for the tabs permission, asked for
// from the settings page: before it, as it opens (Allow held disabled), and half a second later.
const FIXTURES = resolve(import.meta.dirname, '../fixtures/permission-prompt');

function screenOf(name: string): ScreenImage {
  const png = PNG.sync.read(readFileSync(resolve(FIXTURES, `${name}.png`)));
  return {
    width: png.width,
    height: png.height,
    pixel: (x, y) => {
      const at = (y * png.width + x) * 4;
      return [png.data[at] ?? 0, png.data[at + 1] ?? 0, png.data[at + 2] ?? 0];
    },
  };
}

/** A white screen with boxes of colour on it. */
function drawn(boxes: { x: number; width: number; colour: Rgb }[]): ScreenImage {
  return {
    width: 300,
    height: 40,
    pixel: (x, y) => boxes.find((box) => x >= box.x && x < box.x + box.width && y >= 10 && y < 30)?.colour ?? [255, 255, 255],
  };
}

describe("Chromium's permission prompt on the screen", () => {
  it('is ready once its Allow is drawn enabled beside the focused Deny, and not while Allow is held disabled', () => {
    expect(promptOnScreen(screenOf('none'))).toBeUndefined();
    expect(promptOnScreen(screenOf('allow-disabled'))).toBe('allow disabled');
    expect(promptOnScreen(screenOf('ready'))).toBe('ready');
  });

  it('is two buttons side by side: a blue one alone, or one too far from it, is no prompt', () => {
    const deny: Rgb = [13, 80, 187];
    const allow: Rgb = [211, 227, 253];
    expect(promptOnScreen(drawn([{ x: 10, width: 70, colour: deny }, { x: 90, width: 70, colour: allow }]))).toBe('ready');
    expect(promptOnScreen(drawn([{ x: 10, width: 70, colour: deny }]))).toBeUndefined();
    expect(promptOnScreen(drawn([{ x: 10, width: 70, colour: deny }, { x: 200, width: 70, colour: allow }]))).toBeUndefined();
    expect(promptOnScreen(drawn([{ x: 10, width: 10, colour: deny }, { x: 30, width: 70, colour: allow }]))).toBeUndefined();
  });
});
