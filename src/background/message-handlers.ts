import { shorten } from '../api';
import type { MessageHandlers } from '../messages/messaging';
import { readApiSettings } from './api-settings';

export const backgroundMessageHandlers: MessageHandlers = {
  shorten: async ({ url }) => shorten(url, await readApiSettings()),
};
