import browser, { type Runtime } from 'webextension-polyfill';
import { MESSAGE_TARGETS, type MessageRequest, type MessageResponse, type MessageTarget, type MessageType } from './message-map';

interface Envelope<Type extends MessageType> {
  type: Type;
  target: MessageTarget;
  payload: MessageRequest<Type>;
}

export async function sendMessage<Type extends MessageType>(
  type: Type,
  payload: MessageRequest<Type>,
): Promise<MessageResponse<Type>> {
  const envelope: Envelope<Type> = { type, target: MESSAGE_TARGETS[type], payload };
  const response: unknown = await browser.runtime.sendMessage(envelope);
  if (response === undefined) {
    throw new Error(`No ${MESSAGE_TARGETS[type]} context answered the "${type}" message.`);
  }
  return response as MessageResponse<Type>;
}

export type MessageHandlers = {
  [Type in MessageType]?: (payload: MessageRequest<Type>, sender: Runtime.MessageSender) => Promise<MessageResponse<Type>>;
};

/**
 * Answers the messages addressed to `target`. Messages for other contexts are
 * left alone (returning undefined), so each context answers only its own.
 */
export function listenForMessages(target: MessageTarget, handlers: MessageHandlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
    // Only this extension's own pages may ask anything of it.
    if (sender.id !== browser.runtime.id || !isEnvelopeFor(target, message)) return undefined;
    const handler = handlers[message.type] as
      | ((payload: unknown, sender: Runtime.MessageSender) => Promise<unknown>)
      | undefined;
    return handler?.(message.payload, sender);
  });
}

function isEnvelopeFor(target: MessageTarget, message: unknown): message is Envelope<MessageType> {
  if (typeof message !== 'object' || message === null) return false;
  const candidate = message as Partial<Envelope<MessageType>>;
  return (
    candidate.target === target &&
    typeof candidate.type === 'string' &&
    Object.hasOwn(MESSAGE_TARGETS, candidate.type) &&
    typeof candidate.payload === 'object' &&
    candidate.payload !== null
  );
}
