import { xdotool } from '../../tooling/browsers/xvfb';
import { pollUntil } from '../../tooling/poll';
import type { E2eSession } from './e2e-session';

// The address bar's keyword ("sh"), typed for real under Xvfb, and what the
// e2e build recorded the extension showing there.

/**
 * Ctrl+L, "sh", a space and the link (or words) typed for real, until the
 * address bar has handed them whole to the extension (`handed`; by default,
 * its first line names the link). In two
 * full CI runs of 2026-11-26 it never did, though the page was in front; run
 * alone, even under load, it never failed. So Escape and type again, at most
 * three times: what is tested is what the extension does with the link.
 */
export async function typedInAddressBar(session: E2eSession, display: string, typed: string, handed = async () => (await omniboxShown(session)).some((text) => text.includes(typed))): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await xdotool(display, 'key', '--clearmodifiers', 'ctrl+l');
    await xdotool(display, 'type', '--delay', '40', 'sh ');
    await xdotool(display, 'type', '--delay', '10', typed);
    if (await pollUntil(async () => ((await handed()) ? true : undefined), { timeoutMs: 5_000, failure: 'not handed' }).catch(() => false)) return;
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
