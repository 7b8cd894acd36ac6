import type { MessageHandlers } from '../messages/messaging';
import { recentHistory, shortenWithStoredSettings } from './shorten-and-copy';

export const backgroundMessageHandlers: MessageHandlers = {
  shorten: (request) => shortenWithStoredSettings(request),
  'recent-history': ({ limit }) => recentHistory(limit),
};
