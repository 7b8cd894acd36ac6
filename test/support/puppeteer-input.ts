import type { ClickOptions, ElementHandle, Page } from 'puppeteer-core';

// Puppeteer's page.click(selector) and page.type(selector, text) look the element up once, when called, and
// fail at once if it is not there. The extension's pages are Preact apps that fill themselves in after they
// load, and after each answer from the background: on a loaded machine a click came before the popup had
// drawn its button ("No element found for selector", firefox-bulk.test.ts, 2026-11-30). These wait for the
// element first, as Playwright's locators do in the Chromium tests (up to the page's wait, 30 s).

async function shown(page: Page, selector: string): Promise<ElementHandle> {
  const element = await page.waitForSelector(selector);
  if (element === null) throw new Error(`${selector} never appeared on ${page.url()}.`);
  return element;
}

/** A real click (an input action) on the element, once the page shows it. */
export async function clickWhenShown(page: Page, selector: string, options?: Readonly<ClickOptions>): Promise<void> {
  const element = await shown(page, selector);
  try {
    await element.click(options);
  } finally {
    await element.dispose();
  }
}

/** Real key presses into the element, once the page shows it. */
export async function typeWhenShown(page: Page, selector: string, text: string): Promise<void> {
  const element = await shown(page, selector);
  try {
    await element.type(text);
  } finally {
    await element.dispose();
  }
}

/**
 * The element's text, read in the first frame it has any: a second look could come after it changed (a countdown
 * that lasts two seconds, a summary that a later answer rewrites).
 */
export async function textWhenShown(page: Page, selector: string): Promise<string> {
  const text = await page.waitForFunction((wanted) => document.querySelector(wanted)?.textContent || undefined, {}, selector);
  try {
    return String(await text.jsonValue());
  } finally {
    await text.dispose();
  }
}
