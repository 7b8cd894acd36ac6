// The extension in the user's language: the popup, the options page and the
// background's badge after a real Alt+Shift+L, in German and in Arabic (right
// to left), in headed Chromium (--lang, with Debian's chromium-l10n; Firefox's twin is
// firefox-languages.test.ts). The sentences a person reads are expected as
// written by hand (test/support/sentences.ts), numbers and isolation as the
// browser's ICU formats them; the controls are found by the words of the same
// _locales files the browser reads.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/platform/i18n.ts,
// src/ui/adopt-language.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { shownError } from '../support/popup-page';
import { settledBadge } from '../support/toolbar-badge';
import { pressShortcut } from '../support/real-input';
import { wordsIn } from '../support/locale-catalogue';
import { SENTENCES } from '../support/sentences';

const LANGUAGES = [
  { language: 'de', direction: 'ltr' },
  { language: 'ar', direction: 'rtl' },
] as const;

describe.each(LANGUAGES)('Chromium in $language', ({ language, direction }) => {
  const { t } = wordsIn(language);
  const sentence = SENTENCES[language];
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ language, headed: true });
    await session.useStandIn();
  });
  afterAll(() => session?.close());

  it('the popup speaks the language, mirrors for right-to-left, and keeps links left-to-right', async () => {
    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(sentence.copied);
    expect(await popup.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, direction]);
    expect(await popup.getByLabel(t('popupShortLinkLabel')).getAttribute('dir')).toBe('ltr');
    expect(await popup.getByTestId('long-url').getAttribute('dir')).toBe('ltr');
    expect(await popup.getByRole('button', { name: t('popupCopy'), exact: true }).isVisible()).toBe(true);
    // Mirrored: the Settings button sits at the header's inline end (left in Arabic).
    const [header, settings] = await Promise.all([popup.locator('.popup-header').boundingBox(), popup.getByRole('button', { name: t('popupSettings') }).boundingBox()]);
    const settingsAtLeft = (settings?.x ?? 0) - (header?.x ?? 0) < (header?.width ?? 0) / 2;
    expect(settingsAtLeft).toBe(direction === 'rtl');

    // An error, with its numbers formatted for the language: an address of exactly 2,100 characters.
    const base = `${session.standIn.baseUrl}/`;
    const long = `${base}${'x'.repeat(2100 - base.length)}`;
    await popup.getByLabel(t('popupShortenAnother')).fill(long);
    await popup.getByRole('button', { name: t('popupShorten'), exact: true }).click();
    const { message } = await shownError(popup);
    expect(message).toBe(sentence.tooLong2100);
    await popup.close();
    await tab.close();
  });

  it('the options page speaks the language and says the connection works in it', async () => {
    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await options.getByRole('heading', { name: t('optionsTitle') }).waitFor();
    expect(await options.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.title])).toEqual([language, direction, t('optionsTitle')]);
    expect(await options.getByLabel(t('optionsServerLabel')).getAttribute('dir')).toBe('ltr');
    await options.getByRole('button', { name: t('optionsTestConnection') }).click();
    await expect.poll(() => options.getByTestId('connection-status').textContent()).toBe(t('optionsConnected', new URL(session.standIn.baseUrl).host));
    await options.close();
  });

  it('the background says a failure in the language, on the badge, after a real Alt+Shift+L', async () => {
    session.standIn.setFault({ kind: 'status', status: 401 }, { times: 1 });
    // The popup's test left its "✓": this press's badge is the one waited for.
    await (await session.worker()).evaluate(() => chrome.action.setBadgeText({ text: '' }));
    const tab = await session.openTab('/demo/destination?language=badge');
    await pressShortcut(session, tab);
    expect(await settledBadge(session)).toEqual({ text: '!', title: sentence.unauthorized });
    expect(session.standIn.apiRequests().filter((request) => request.path === '/api/v1/shorten/single').map((request) => JSON.parse(request.body) as unknown).at(-1)).toEqual({ url: `${session.standIn.baseUrl}/demo/destination?language=badge` });
    await tab.close();
  });
});
