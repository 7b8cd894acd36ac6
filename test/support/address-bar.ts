import { chosenBar, chosenRow, linkRowsBelow } from '../../tooling/browsers/address-bar-screen';
import { xdotool, type XvfbServer } from '../../tooling/browsers/xvfb';
import { pollUntil, pollWithin } from '../../tooling/poll';
import type { E2eSession } from './e2e-session';

// The address bar's keyword ("sh"), typed for real under Xvfb, and what the
// e2e build recorded the extension showing there.

/**
 * Ctrl+L, "sh", a space and the link (or words) typed for real, until the
 * address bar has handed them whole to the extension (`handed`; by default,
 * its first line names the link). In two
 * full CI runs of 2026-11-26 it never did, though the page was in front; run
 * alone, even under load, it never failed. So Escape and type again, at most
 * three times: what is tested is what the extension does with the link. Each
 * try waits up to 30 s, a ceiling: the 5 s there were could run out on a loaded
 * machine, and a second try would then type over words still on their way.
 */
export async function typedInAddressBar(session: E2eSession, display: string, typed: string, handed = async () => (await omniboxShown(session)).some((text) => text.includes(typed))): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await xdotool(display, 'key', '--clearmodifiers', 'ctrl+l');
    await xdotool(display, 'type', '--delay', '40', 'sh ');
    await xdotool(display, 'type', '--delay', '10', typed);
    if (await pollWithin(async () => ((await handed()) ? true : undefined), { timeoutMs: 30_000 })) return;
    await xdotool(display, 'key', 'Escape', 'Escape');
  }
  throw new Error(`The address bar never handed ${typed} to the extension after "sh ".`);
}

/** What the address bar showed (its first line, or `omnibox-suggestion`s), recorded by the e2e build; for these words only, when named. */
export async function omniboxShown(session: E2eSession, surface = 'omnibox', typed?: string): Promise<string[]> {
  return (await session.worker()).evaluate(
    ({ surface: wanted, typed: words }) =>
      (globalThis as unknown as { shrtnrE2e: { shown: { surface: string; text: string; typed?: string }[] } }).shrtnrE2e.shown
        .filter((item) => item.surface === wanted && (words === undefined || item.typed === words))
        .map((item) => item.text),
    { surface, typed },
  );
}

/**
 * Down to the nth suggestion below the line typed, then Enter, each key pressed once the screen shows what it acts
 * on: first the list with at least `nth` rows of links below that line (Chromium draws a batch of suggestions only
 * once it has parsed it, in a process of its own, a while after the extension sent it: a Down pressed before lands
 * on nothing, and Enter then takes the first), then, after each Down, the chosen row's bar one row lower. Chromium
 * never draws suggestions that come over 1.5 s after the last key (its stop timer): the list then keeps only the line
 * typed, and this fails saying so.
 */
export async function suggestionEntered(xvfb: XvfbServer, nth: number): Promise<void> {
  let seen = 'no chosen row';
  const listed = async () => {
    const screen = await xvfb.screen();
    const bar = chosenBar(screen);
    const rows = bar === undefined ? 0 : linkRowsBelow(screen, bar);
    seen = bar === undefined ? 'no chosen row' : `${rows} rows of links below a chosen row at x ${bar.x}, y ${bar.top}–${bar.bottom}`;
    return bar !== undefined && rows >= nth ? bar : undefined;
  };
  // A batch the stop timer dropped (the worker's answer came late, on a loaded machine: once in a full CI run of
  // 2026-11-30, never alone) is asked for again as a person would, a space typed and taken back: at most twice.
  let first = await pollWithin(listed, { timeoutMs: 30_000 });
  for (let again = 1; first === undefined && again <= 2; again += 1) {
    await xdotool(xvfb.display, 'key', 'space', 'BackSpace');
    first = await pollWithin(listed, { timeoutMs: 30_000 });
  }
  if (first === undefined) throw new Error(`The address bar's list never showed ${nth} suggestions; it showed ${seen}.`);
  for (let row = 1; row <= nth; row += 1) {
    await xdotool(xvfb.display, 'key', 'Down');
    await pollUntil(
      async () => {
        const bar = chosenBar(await xvfb.screen());
        return bar !== undefined && chosenRow(bar, first) === row ? true : undefined;
      },
      { timeoutMs: 30_000, failure: `Down never moved the address bar's choice to row ${row}.` },
    );
  }
  await xdotool(xvfb.display, 'key', 'Return');
}
