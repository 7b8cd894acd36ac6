import type { MessageHandlers } from '../messages/messaging';
import { shortenWithStoredSettings } from './shorten-and-copy';

export const backgroundMessageHandlers: MessageHandlers = {
  shorten: ({ url }) => shortenWithStoredSettings(url),
};
