import { pollUntil } from '../poll';
import type { Rgb, ScreenImage } from './screen-image';
import { xdotool, type XvfbServer } from './xvfb';

/**
 * Chromium's permission prompt (permissions.request) as the screen shows it.
 * It is drawn inside the browser's own X window, so no window of its own
 * appears, and it says nothing when it is ready: it opens with Deny focused
 * (a filled blue button) and Allow held disabled for a moment against
 * clickjacking (the install dialog's delay, ExtensionInstallDialogView), drawn
 * grey, then in the light blue of an enabled button. So Allow can be pressed
 * once the screen shows it light blue beside Deny.
 */
export type PromptOnScreen = 'allow disabled' | 'ready';

/** Neither button is narrower than this, at any of the prompt's languages. */
const LEAST_BUTTON_WIDTH = 24;
/** Deny's focus ring and the space between the two buttons. */
const MOST_GAP = 32;
const WAIT_MS = 30_000;

type Paint = 'deny' | 'allow' | 'allow disabled' | 'other';

function paintOf([red, green, blue]: Rgb): Paint {
  // Deny, focused: a saturated blue fill (13, 80, 187 here).
  if (blue >= 150 && red <= 80 && green <= 130) return 'deny';
  // Allow enabled: a light blue (211, 227, 253).
  if (blue >= 235 && blue - red >= 30 && green > red && green < blue) return 'allow';
  // Allow disabled: a light grey (229, 229, 229).
  if (red >= 200 && red <= 245 && Math.abs(red - green) <= 6 && Math.abs(green - blue) <= 6) return 'allow disabled';
  return 'other';
}

/** What a row of the screen shows of the prompt's two buttons: Deny's fill, then, a gap later, Allow's. */
function rowShows(screen: ScreenImage, y: number): PromptOnScreen | undefined {
  let denyEnd = -1;
  let run: { paint: Paint; from: number } = { paint: 'other', from: 0 };
  for (let x = 0; x <= screen.width; x += 1) {
    const paint = x < screen.width ? paintOf(screen.pixel(x, y)) : 'other';
    if (paint === run.paint) continue;
    const width = x - run.from;
    if (run.paint === 'deny' && width >= LEAST_BUTTON_WIDTH) denyEnd = x;
    if ((run.paint === 'allow' || run.paint === 'allow disabled') && width >= LEAST_BUTTON_WIDTH && denyEnd >= 0 && run.from - denyEnd <= MOST_GAP) {
      return run.paint === 'allow' ? 'ready' : 'allow disabled';
    }
    run = { paint, from: x };
  }
  return undefined;
}

/** The prompt as the screen shows it, or undefined when it shows none. */
export function promptOnScreen(screen: ScreenImage): PromptOnScreen | undefined {
  let seen: PromptOnScreen | undefined;
  for (let y = 0; y < screen.height; y += 1) {
    const shown = rowShows(screen, y);
    if (shown === 'ready') return shown;
    seen ??= shown;
  }
  return seen;
}

/**
 * Runs `open` (a click that asks for a permission) and answers Chromium's
 * prompt with real keys once its Allow can be pressed: Tab then Return allows,
 * Return alone denies. Resolves once the prompt has left the screen, Chromium
 * having taken the answer. Headed Chromium under this Xvfb only.
 * `answeredWithoutPrompt`, when given, is probed beside the screen: a request
 * answered at once (a permission the profile held before) shows no prompt, and
 * then no key is pressed. Resolves true when a prompt was answered.
 */
export async function answerPermissionPrompt(xvfb: XvfbServer, open: () => Promise<void>, answer: 'allow' | 'deny', answeredWithoutPrompt?: () => Promise<boolean>): Promise<boolean> {
  // A page that drew such buttons itself would be taken for the prompt.
  if (promptOnScreen(await xvfb.screen()) !== undefined) throw new Error('The screen shows a permission prompt, or what looks like one, before any was asked for.');
  await open();
  const shown = await pollUntil(
    async () => {
      if (promptOnScreen(await xvfb.screen()) === 'ready') return 'prompt';
      return (await answeredWithoutPrompt?.()) === true ? 'answered' : undefined;
    },
    { timeoutMs: WAIT_MS, failure: `Chromium's permission prompt did not show an Allow that can be pressed within ${WAIT_MS / 1000} s.` },
  );
  if (shown === 'answered') return false;
  if (answer === 'allow') await xdotool(xvfb.display, 'key', '--delay', '150', 'Tab', 'Return');
  else await xdotool(xvfb.display, 'key', 'Return');
  await pollUntil(async () => (promptOnScreen(await xvfb.screen()) === undefined ? true : undefined), {
    timeoutMs: WAIT_MS,
    failure: `Chromium's permission prompt stayed on the screen after its ${answer === 'allow' ? 'Allow' : 'Deny'}.`,
  });
  return true;
}
