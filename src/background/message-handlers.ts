import type { MessageHandlers } from '../messages/messaging';
import { recentHistory } from './shorten-and-copy';

export const backgroundMessageHandlers: MessageHandlers = {
  'recent-history': ({ limit }) => recentHistory(limit),
};
