// axe-core over the real popup in each state, the options page and the
// history page in each state (their share menus open too), light and dark (each state built once, then
// scanned in both schemes), in English and in Arabic (right to left): zero
// violations. The keyboard-only walks are in keyboard.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsLightAndDark } from '../support/axe';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { holdNextAnswer, releaseHeldAnswer } from '../support/held-answer';
import { shownError } from '../support/popup-page';
import { wordsIn } from '../support/locale-catalogue';
import { OWN_LINK_PATHS } from '../../tooling/stand-in/demo-pages';

describe.each(['en', 'ar'] as const)('accessibility in %s', (language) => {
  const { t } = wordsIn(language);
  let session: E2eSession;
  beforeAll(async () => {
    session = await startE2eSession({ language });
  });
  afterAll(() => session?.close());

  async function popupOn(tabPath = '/demo/article'): Promise<{ tab: Page; popup: Page }> {
    // Every state from a real request: a link history holds would be given at once.
    await session.clearHistory();
    const tab = await session.openTab(tabPath);
    const popup = await session.browser.openPopup(tab);
    return { tab, popup };
  }

  /** The toolbar popup opened on a tab of `path`, until it shows the tab's short link; both closed. */
  async function shortenedInPopup(path: string): Promise<void> {
    const tab = await session.openTab(path);
    const popup = await session.browser.openPopup(tab);
    await popup.getByTestId('short-url').waitFor();
    await popup.close();
    await tab.close();
  }

  it('the popup in every state and the options page have no axe violation, light and dark', async () => {
    const found: Record<string, string[]> = {};
    await session.useStandIn();

    // Loading: the server holds its answer until both scans are done, and the worker waits for it as long.
    await holdNextAnswer(session);
    session.standIn.clearLog();
    let { tab, popup } = await popupOn();
    await popup.getByRole('status').filter({ hasText: t('popupShortening') }).waitFor();
    found.loading = await axeViolationsLightAndDark(popup);
    // The popup says "Shortening…" as the link is sent, maybe before the server has it: release what it holds once it does.
    await expect.poll(() => session.standIn.apiRequests().length).toBe(1);
    await releaseHeldAnswer(session);
    // Its link is recorded in history when it comes, popup open or not: let it come before the next state.
    await popup.getByTestId('short-url').waitFor();
    await closeAll(popup, tab);

    // Shortened and copied, on a page that declares its own short link: offered beside it (issue 20), and copied from there.
    ({ tab, popup } = await popupOn(OWN_LINK_PATHS.page));
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
    await popup.getByTestId('page-link').getByRole('button', { name: t('popupCopy') }).click();
    await popup.getByTestId('page-link').getByRole('status').filter({ hasText: t('popupCopied') }).waitFor();
    found.shortened = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);

    // The page's own short link used as the link (the setting on).
    await session.configure({ usePageShortLink: true });
    ({ tab, popup } = await popupOn(OWN_LINK_PATHS.page));
    await popup.getByTestId('link-origin').filter({ hasText: t('linkPageOwn') }).waitFor();
    found["page's own link"] = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);
    // Its short link on another host (issue 33): offered, named by its host, with the button that asks whether to use such links.
    ({ tab, popup } = await popupOn(OWN_LINK_PATHS.elsewhere));
    await popup.getByTestId('page-link').getByRole('button', { name: t('popupPageLinkUse', 'phish.example', '127.0.0.1') }).waitFor();
    found["page's own link elsewhere, asked about"] = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);
    await session.configure({ usePageShortLink: false });

    // An input error: a page that cannot be read.
    ({ tab, popup } = await popupOn('chrome://version'));
    await shownError(popup);
    found['input error'] = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);

    // Waiting out the rate limit (issue 11): the countdown and Cancel; then its link, before the next state. Both scans
    // must see the countdown: 10 s is some twenty times what they take on an idle machine, and a scan outrun says so.
    session.standIn.setFault({ kind: 'status', status: 429, headers: { 'retry-after': '10' } }, { times: 1 });
    ({ tab, popup } = await popupOn());
    await popup.getByRole('timer').waitFor();
    found['waiting for the limit'] = await axeViolationsLightAndDark(popup);
    expect(await popup.getByRole('timer').count(), 'the countdown ended before both scans had seen it').toBe(1);
    await popup.getByTestId('short-url').waitFor();
    await closeAll(popup, tab);

    // A transient error with Retry: the server failed.
    session.standIn.setFault({ kind: 'status', status: 503 }, { times: 1 });
    ({ tab, popup } = await popupOn());
    await shownError(popup);
    found['server failed'] = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);

    // A settings error: the token refused, and no token at all.
    session.standIn.setFault({ kind: 'status', status: 401 }, { times: 1 });
    ({ tab, popup } = await popupOn());
    await shownError(popup);
    found.unauthorized = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);
    await session.configure({ token: undefined });
    ({ tab, popup } = await popupOn());
    await shownError(popup);
    found['no token'] = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);
    session.standIn.setFault(null);

    // Two accounts (issue 21): the popup's switcher beside its link.
    await session.useStandIn();
    await session.configure({ accounts: twoAccounts(session.standIn.baseUrl), activeAccount: 'account-1' });
    ({ tab, popup } = await popupOn());
    await popup.getByRole('combobox', { name: t('popupAccount') }).waitFor();
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe(t('popupCopied'));
    found['two accounts'] = await axeViolationsLightAndDark(popup);
    await closeAll(popup, tab);

    // The options page, with a connection test's result on it, the account edited and not saved yet, a
    // campaign preset listed, and the accounts: one that needs its token here, and another's removal asked about.
    await session.configure({ campaignPresets: [{ name: 'Newsletter', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring' }] }] });
    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await options.getByRole('button', { name: t('optionsTestConnection') }).click();
    await expect.poll(() => options.getByTestId('connection-status').textContent()).not.toBe('');
    await options.getByLabel(t('optionsAccountName')).fill('Renamed');
    await expect.poll(() => options.getByTestId('account-save-status').textContent()).toBe(t('optionsAccountUnsaved'));
    await options.getByText(t('optionsAccountNeedsToken')).waitFor();
    await options.getByRole('button', { name: t('optionsRemoveAccount', 'Team') }).click();
    await options.getByRole('group', { name: t('optionsRemoveAccountQuestion', 'Team') }).waitFor();
    found.options = await axeViolationsLightAndDark(options);
    await options.close();
    await session.configure({ campaignPresets: undefined, serverUrl: session.standIn.baseUrl });

    expect(found).toEqual({
      loading: [],
      shortened: [],
      "page's own link": [],
      "page's own link elsewhere, asked about": [],
      'input error': [],
      'waiting for the limit': [],
      'server failed': [],
      unauthorized: [],
      'no token': [],
      'two accounts': [],
      options: [],
    });
  });

  it("the history page in every state and the popup's history, copy-as, QR and share parts have no axe violation, light and dark", async () => {
    const found: Record<string, string[]> = {};
    await session.useStandIn();
    session.standIn.setFault(null);

    const page = await session.browser.context.newPage();
    await page.goto(session.browser.extensionUrl('src/history/index.html'));
    await page.getByTestId('history-empty').waitFor();
    found['history empty'] = await axeViolationsLightAndDark(page);

    // Links from real shortenings, each the toolbar popup's on a page: the history page follows them live.
    const base = session.standIn.baseUrl;
    for (const query of ['one', 'two', 'three']) await shortenedInPopup(`/demo/destination?a11y=${query}`);
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(3);
    await page.getByTestId('history-count').filter({ hasNotText: t('historyLoading') }).waitFor();
    found['history with links'] = await axeViolationsLightAndDark(page);
    // A row's share menu open (issue 36), its first destination focused: over the rows below it.
    const [latest] = await session.history();
    await page.getByRole('button', { name: t('historyShareLabel', latest?.shortUrl ?? '') }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: t('shareEmail') }).waitFor();
    found['history share menu'] = await axeViolationsLightAndDark(page);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // With two accounts: each row names its account, and the list filters by account.
    await session.configure({ accounts: twoAccounts(base), activeAccount: 'account-1' });
    await page.getByRole('combobox', { name: t('historyAccountFilter') }).waitFor();
    found['history with accounts'] = await axeViolationsLightAndDark(page);
    await session.configure({ serverUrl: base });

    await page.getByRole('button', { name: t('historyDeleteAll'), exact: true }).click();
    await page.getByRole('button', { name: t('historyCancel') }).waitFor();
    found['delete-all question'] = await axeViolationsLightAndDark(page);
    await page.getByRole('button', { name: t('historyCancel') }).click();

    const [newest] = await session.history();
    await page.getByRole('button', { name: t('historyQrLabel', newest?.shortUrl ?? '') }).click();
    await page.getByTestId('qr-canvas').waitFor();
    found['history QR code'] = await axeViolationsLightAndDark(page);

    await page.getByRole('button', { name: t('historyDeleteLabel', newest?.shortUrl ?? '') }).click();
    const undo = page.getByRole('button', { name: t('historyUndo') });
    await undo.waitFor();
    // The pointer on the bar holds Undo open (it would go after 8 s) while both schemes are scanned.
    await undo.hover();
    found['deleted, with Undo'] = await axeViolationsLightAndDark(page);

    await session.configure({ history: false });
    await page.getByTestId('history-off').waitFor();
    found['history off'] = await axeViolationsLightAndDark(page);
    await session.configure({ history: true });
    await page.close();

    // The popup with a link from history (and its "Make a new short link"), the recent links, Copy as… open and the QR code.
    await shortenedInPopup('/demo/article');
    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    await popup.getByTestId('link-origin').waitFor();
    await popup.locator('.recent-list li').first().waitFor();
    await popup.getByText(t('popupCopyAs')).click();
    await popup.getByRole('button', { name: t('popupShowQr') }).click();
    await popup.getByTestId('qr-canvas').waitFor();
    found['popup: history, copy as, QR code'] = await axeViolationsLightAndDark(popup);
    // The share menu open (issue 36), walked to its second destination with the keyboard.
    await popup.getByRole('button', { name: t('share') }).click();
    await popup.getByRole('menu').waitFor();
    await popup.keyboard.press('ArrowDown');
    found['popup: share menu'] = await axeViolationsLightAndDark(popup);
    await popup.keyboard.press('Escape');
    await popup.getByRole('menu').waitFor({ state: 'detached' });
    // The campaign panel open, a preset listed, and a typed campaign refused with its sentence.
    await session.configure({ campaignPresets: [{ name: 'Newsletter', params: [{ key: 'utm_source', value: 'news' }, { key: 'utm_medium', value: 'email' }, { key: 'utm_campaign', value: 'spring' }] }] });
    await popup.getByRole('button', { name: t('popupCampaign') }).click();
    await popup.getByTestId('campaign-panel').getByRole('button', { name: 'Newsletter' }).waitFor();
    await popup.getByRole('button', { name: t('popupCampaignApply') }).click();
    await popup.getByTestId('campaign-panel').getByRole('alert').filter({ hasText: t('optionsCampaignRequired') }).waitFor();
    found['popup: campaign panel'] = await axeViolationsLightAndDark(popup);
    await session.configure({ campaignPresets: undefined });
    await closeAll(popup, tab);

    expect(found).toEqual({
      'history empty': [],
      'history with links': [],
      'history share menu': [],
      'history with accounts': [],
      'popup: campaign panel': [],
      'delete-all question': [],
      'history QR code': [],
      'deleted, with Undo': [],
      'history off': [],
      'popup: history, copy as, QR code': [],
      'popup: share menu': [],
    });
  });
});

/** The first account on the stand-in (its token saved), and a second one that came with no token for this browser. */
function twoAccounts(server: string) {
  return [
    { id: 'account-1', name: new URL(server).host, server },
    { id: 'account-team', name: 'Team', server },
  ];
}

async function closeAll(...pages: Page[]): Promise<void> {
  for (const page of pages) await page.close();
}
