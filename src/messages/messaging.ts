import { browser, type Runtime } from '../platform/browser';
import { MESSAGE_TARGETS, type MessageRequest, type MessageResponse, type MessageTarget, type MessageType } from './message-map';
import { fromOwnPages } from './own-pages';
import { errorText } from '../platform/error-text';

interface Envelope<Type extends MessageType> {
  type: Type;
  target: MessageTarget;
  payload: MessageRequest<Type>;
}

/** How a handler's answer travels: a value, or why the handler failed (never a silently closed port). */
type Reply = { answered: true; response: unknown } | { answered: false; failure: string };

export async function sendMessage<Type extends MessageType>(
  type: Type,
  payload: MessageRequest<Type>,
): Promise<MessageResponse<Type>> {
  const envelope: Envelope<Type> = { type, target: MESSAGE_TARGETS[type], payload };
  const reply = (await browser.runtime.sendMessage(envelope)) as Reply | undefined;
  if (reply === undefined) throw new Error(`nothing answered "${type}"`);
  if (!reply.answered) throw new Error(`"${type}" failed: ${reply.failure}`);
  return reply.response as MessageResponse<Type>;
}

export type MessageHandlers = {
  [Type in MessageType]?: (payload: MessageRequest<Type>, sender: Runtime.MessageSender) => Promise<MessageResponse<Type>>;
};

/**
 * Answers the messages addressed to `target`. Messages for other contexts are
 * left alone, so each context answers only its own. Answers go through
 * `sendResponse` (with `return true`), which every browser supports, rather
 * than a returned promise, which older Chromes ignore.
 */
export function listenForMessages(target: MessageTarget, handlers: MessageHandlers): void {
  const listener = (message: unknown, sender: Runtime.MessageSender, sendResponse: (reply: Reply) => void): true | undefined => {
    // Only this extension's own pages may ask anything of it: not another extension, nor a script it injected into a page.
    if (!fromOwnPages(sender) || !isEnvelopeFor(target, message)) return undefined;
    const handler = handlers[message.type] as
      | ((payload: unknown, sender: Runtime.MessageSender) => Promise<unknown>)
      | undefined;
    if (handler === undefined) return undefined;
    handler(message.payload, sender).then(
      (response) => sendResponse({ answered: true, response }),
      (error: unknown) => sendResponse({ answered: false, failure: errorText(error) }),
    );
    return true;
  };
  // The polyfill's types forbid the `undefined` that leaves other contexts' messages to them.
  browser.runtime.onMessage.addListener(listener as Runtime.OnMessageListenerCallback);
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
