import { describe, expect, it } from 'vitest';
import { isFirstRow } from '../../tooling/browsers/menu-screen';

// A submenu Firefox opened from the accounts' row in a CI run: its box, and its two rows as the keys later showed them.
const box = { x: 426, y: 673, width: 136, height: 57 };

describe('isFirstRow', () => {
  it('takes the highlight at the top of a submenu opened with Right, with the menu colour above and below it', () => {
    expect(isFirstRow({ top: 678, height: 22 }, box)).toBe(true);
  });

  it('refuses a band lower down: in that run, the foot of a window not yet painted whole was taken for its first row', () => {
    expect(isFirstRow({ top: 720, height: 10 }, box)).toBe(false);
    expect(isFirstRow({ top: 702, height: 22 }, box)).toBe(false);
  });

  it('refuses a run that fills the window from its edge: what was under a window not painted yet', () => {
    expect(isFirstRow({ top: 673, height: 57 }, box)).toBe(false);
    expect(isFirstRow({ top: 673, height: 20 }, box)).toBe(false);
    expect(isFirstRow({ top: 690, height: 40 }, box)).toBe(false);
  });
});
