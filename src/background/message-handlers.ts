import { shorten } from '../api';
import type { MessageHandlers } from '../messages/messaging';
import { localArea } from '../storage/extension-storage';
import { readSettings } from '../storage/settings';

export const backgroundMessageHandlers: MessageHandlers = {
  shorten: async ({ url }) => {
    const { token, serverUrl, autoCopy } = await readSettings(localArea);
    return { result: await shorten(url, { token, serverUrl }), autoCopy };
  },
};
