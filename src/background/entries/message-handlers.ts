import type { MessageHandlers } from '../../messages/messaging';
import { recentHistory } from '../service/history-access';

export const backgroundMessageHandlers: MessageHandlers = {
  'recent-history': ({ limit }) => recentHistory(limit),
};
