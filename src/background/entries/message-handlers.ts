import type { MessageHandlers } from '../../messages/messaging';
import { localArea } from '../../storage/extension-storage';
import { acceptPageLinkHost, asAcceptedPageLinkHost } from '../../storage/page-link-hosts';
import { readSettings } from '../../storage/settings';
import { recentHistory } from '../service/history-access';

export const backgroundMessageHandlers: MessageHandlers = {
  'recent-history': ({ limit }) => recentHistory(limit),
  'campaign-presets': async () => (await readSettings(localArea, ['campaignPresets'])).campaignPresets,
  'use-account': async ({ account }) => {
    const { accounts } = await readSettings(localArea, ['accounts']);
    if (typeof account !== 'string' || !accounts.some(({ id }) => id === account)) return false;
    // An id of a saved account: a valid `activeAccount` as it is.
    await localArea.set({ activeAccount: account });
    return true;
  },
  'use-page-link-host': async (hosts) => {
    // Checked here too: the popup is this extension's, but a stored pair is used without asking.
    const pair = asAcceptedPageLinkHost(hosts);
    if (pair !== undefined) await acceptPageLinkHost(localArea, pair);
    return pair !== undefined;
  },
};
