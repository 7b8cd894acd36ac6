import type { Locator, Page } from 'playwright-core';

// What a test does in Chromium's popup and reads there: a click that closes
// it, the error it shows, its countdown.

/**
 * Clicks a popup's button that closes the popup (it opens a tab, or a prompt
 * opens): the popup may be gone before Playwright has seen its click
 * through, which then fails the click though it was made.
 */
export async function clickClosingPopup(popup: Page, button: Locator): Promise<void> {
  await button.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
}

/** The error the popup shows (its alert): the kind it carries and the text a person reads. */
export async function shownError(popup: Page, timeoutMs?: number): Promise<{ kind: string | null; message: string }> {
  const alert = popup.getByRole('alert');
  await alert.waitFor(timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  return { kind: await alert.getAttribute('data-error-kind'), message: (await alert.textContent()) ?? '' };
}

/**
 * The popup's countdown as it first shows, and whether Cancel is beside it: read in the page, in
 * that frame. The countdown lasts only as long as the wait, which a loaded machine can outrun
 * between two reads from here.
 */
export async function countdownShown(popup: Page): Promise<{ text: string | null; cancel: boolean }> {
  const shown = await popup.waitForFunction(() => {
    const timer = document.querySelector('[role="timer"]');
    if (timer === null) return undefined;
    return { text: timer.textContent, cancel: [...document.querySelectorAll('button')].some((button) => button.textContent === 'Cancel') };
  });
  return (await shown.jsonValue()) ?? { text: null, cancel: false };
}
