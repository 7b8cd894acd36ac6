import type { ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { accountItems } from '../../tooling/browsers/account-items';
import { popupFirstPaint } from './paint-timing';

export interface AccountsSamples {
  /** Click → first paint with one account and no campaign preset. */
  one: number[];
  /** The same with three accounts (the switcher shown) and ten presets. */
  many: number[];
}

/** Three accounts on the stand-in, each with its token, the first active; and ten campaign presets. */
function manyAccountsItems(baseUrl: string, token: string): Record<string, unknown> {
  const ids = ['account-1', 'account-team', 'account-own'];
  const items: Record<string, unknown> = {};
  for (const id of ids) Object.assign(items, accountItems(baseUrl, token, id));
  return {
    ...items,
    accounts: ids.map((id, index) => ({ id, name: `Account ${index + 1}`, server: baseUrl })),
    activeAccount: 'account-1',
    campaignPresets: Array.from({ length: 10 }, (_, index) => ({
      name: `Preset ${index + 1}`,
      params: [
        { key: 'utm_source', value: `source-${index}` },
        { key: 'utm_medium', value: 'email' },
        { key: 'utm_campaign', value: `campaign-${index}` },
      ],
    })),
  };
}

/**
 * Issue 21's popup row: first paint with three accounts and ten presets
 * against one account and none, in turns in one browser (each at an address
 * of its own, so no link comes from history).
 */
export async function accountsPopupSamples(browser: ExtensionBrowser, baseUrl: string, token: string, runs: number): Promise<AccountsSamples> {
  const samples: AccountsSamples = { one: [], many: [] };
  const worker = async () => browser.serviceWorker();
  const setUp = async (items: Record<string, unknown>) => {
    await (await worker()).evaluate(async (next) => {
      await chrome.storage.local.remove(['accounts', 'activeAccount', 'campaignPresets', 'token:account-team', 'token:account-own']);
      await chrome.storage.local.set(next);
    }, items);
  };
  const tab = await browser.context.newPage();
  const paintAt = async (run: number, kind: string) => {
    await tab.goto(`${baseUrl}/demo/article?accounts-run=${kind}-${run}`);
    return popupFirstPaint(browser, tab);
  };
  await paintAt(0, 'cold'); // the cold one, not counted
  for (let run = 1; run <= runs; run += 1) {
    await setUp(accountItems(baseUrl, token));
    samples.one.push(await paintAt(run, 'one'));
    await setUp(manyAccountsItems(baseUrl, token));
    samples.many.push(await paintAt(run, 'many'));
  }
  await setUp(accountItems(baseUrl, token));
  await tab.close();
  return samples;
}
