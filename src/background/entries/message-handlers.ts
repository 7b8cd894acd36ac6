import type { MessageHandlers } from '../../messages/messaging';
import { localArea } from '../../storage/extension-storage';
import { readSettings } from '../../storage/settings';
import { recentHistory } from '../service/history-access';

export const backgroundMessageHandlers: MessageHandlers = {
  'recent-history': ({ limit }) => recentHistory(limit),
  'campaign-presets': async () => (await readSettings(localArea, ['campaignPresets'])).campaignPresets,
};
