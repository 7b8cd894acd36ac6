import type { MessageHandlers } from '../../messages/messaging';
import { localArea } from '../../storage/extension-storage';
import { acceptPageLinkHost, asAcceptedPageLinkHost } from '../../storage/page-link-hosts';
import { readSettings } from '../../storage/settings';
import { clickNow, pageCopies } from '../delivery/clipboard-rule';
import { useAccount } from '../service/active-account';
import { recentHistory } from '../service/history-access';
import { shortenTabSelectionLinks } from '../writing/selection-links';

export const backgroundMessageHandlers: MessageHandlers = {
  'recent-history': ({ limit }) => recentHistory(limit),
  'campaign-presets': async () => (await readSettings(localArea, ['campaignPresets'])).campaignPresets,
  'use-account': ({ account }) => useAccount(account),
  'use-page-link-host': async (hosts) => {
    // Checked here too: the popup is this extension's, but a stored pair is used without asking.
    const pair = asAcceptedPageLinkHost(hosts);
    if (pair !== undefined) await acceptPageLinkHost(localArea, pair);
    return pair !== undefined;
  },
  'selection-links': ({ tab, private: inPrivate }) => shortenTabSelectionLinks(tab, inPrivate),
  // A copy by hand is a click of its own, the latest: an earlier click's link is no longer the one to keep.
  'hand-copy': async () => {
    await pageCopies(clickNow());
    return null;
  },
};
