import * as z from 'zod/mini';
import { browser, type Runtime } from '../platform/browser';
import { errorText } from '../platform/error-text';
import { schemaFor } from '../storage/schema-for';
import { MESSAGE_TARGETS, type MessageRequest, type MessageResponse, type MessageTarget, type MessageType } from './message-map';
import { fromOwnPages } from './own-pages';

z.config({ jitless: true });

/** A message as it travels: its type, the context it is for, its request. */
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

/**
 * The shape of each message's request where it is answered, checked before
 * its handler hears it. What a value means, an account that exists or hosts
 * that are hostnames, the handler decides, and says in its answer.
 */
const REQUESTS: { [Type in MessageType]: z.ZodMiniType<MessageRequest<Type>> } = {
  'recent-history': schemaFor<MessageRequest<'recent-history'>>()(z.object({ limit: z.number() })),
  'campaign-presets': schemaFor<MessageRequest<'campaign-presets'>>()(z.object({})),
  'use-account': schemaFor<MessageRequest<'use-account'>>()(z.object({ account: z.string() })),
  'use-page-link-host': schemaFor<MessageRequest<'use-page-link-host'>>()(z.object({ page: z.string(), link: z.string() })),
  'selection-links': schemaFor<MessageRequest<'selection-links'>>()(z.object({ tab: z.number(), private: z.boolean() })),
  'hand-copy': schemaFor<MessageRequest<'hand-copy'>>()(z.object({})),
  'copy-text': schemaFor<MessageRequest<'copy-text'>>()(z.object({ text: z.string(), html: z.optional(z.string()) })),
};

const MESSAGE_TYPES = Object.keys(MESSAGE_TARGETS) as [MessageType, ...MessageType[]];

export type MessageHandlers = {
  [Type in MessageType]?: (payload: MessageRequest<Type>, sender: Runtime.MessageSender) => Promise<MessageResponse<Type>>;
};

/**
 * Answers the messages addressed to `target`. Messages for other contexts are
 * left alone, so each context answers only its own; a request not of its
 * message's shape is answered with why, and its handler never hears it.
 * Answers go through `sendResponse` (with `return true`), which every browser
 * supports, rather than a returned promise, which older Chromes ignore.
 */
export function listenForMessages(target: MessageTarget, handlers: MessageHandlers): void {
  const envelope = z.object({ type: z.enum(MESSAGE_TYPES), target: z.literal(target), payload: z.unknown() });
  const listener = (message: unknown, sender: Runtime.MessageSender, sendResponse: (reply: Reply) => void): true | undefined => {
    // Only this extension's own pages may ask anything of it: not another extension, nor a script it injected into a page.
    const heard = fromOwnPages(sender) ? envelope.safeParse(message) : undefined;
    if (!heard?.success) return undefined;
    const { type, payload } = heard.data;
    const handler = handlers[type] as ((payload: unknown, sender: Runtime.MessageSender) => Promise<unknown>) | undefined;
    if (handler === undefined) return undefined;
    const request = REQUESTS[type].safeParse(payload);
    if (!request.success) {
      sendResponse({ answered: false, failure: 'the request is not of its shape' });
      return true;
    }
    handler(request.data, sender).then(
      (response) => sendResponse({ answered: true, response }),
      (error: unknown) => sendResponse({ answered: false, failure: errorText(error) }),
    );
    return true;
  };
  // The polyfill's types forbid the `undefined` that leaves other contexts' messages to them.
  browser.runtime.onMessage.addListener(listener as Runtime.OnMessageListenerCallback);
}
