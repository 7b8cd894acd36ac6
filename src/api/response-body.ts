import type { BadResponseProblem } from './errors';

/** A Shrtnr answer is a few hundred bytes; past 64 KiB a body is not read any further. */
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyProblem = Extract<BadResponseProblem, 'too-large' | 'not-utf8' | 'byte-order-mark'>;

export interface BodyText {
  /** The body as text; empty when it has a problem. */
  bodyText: string;
  bodyProblem?: BodyProblem;
}

/**
 * Reads a response body as strict UTF-8, stopping (and cancelling the stream)
 * past MAX_BODY_BYTES. Rejects only as the stream does: a reset connection, or
 * the request's abort signal, which fetch applies to the body as well as the
 * headers (checked in Node's undici, Chromium and Firefox).
 */
export async function readBodyText(body: ReadableStream<Uint8Array> | null): Promise<BodyText> {
  if (body === null) return { bodyText: '' };
  const bytes = new Uint8Array(MAX_BODY_BYTES);
  let length = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (length + value.byteLength > MAX_BODY_BYTES) {
      // Stops the download. The answer is refused already, so how the cancel ends does not matter.
      reader.cancel().catch(() => undefined);
      return { bodyText: '', bodyProblem: 'too-large' };
    }
    bytes.set(value, length);
    length += value.byteLength;
  }
  let bodyText: string;
  try {
    // ignoreBOM keeps a byte-order mark in the text (to be refused below) rather than silently dropping it.
    bodyText = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, length));
  } catch {
    return { bodyText: '', bodyProblem: 'not-utf8' };
  }
  // RFC 8259 §8.1: senders MUST NOT add a byte-order mark to JSON sent over a network.
  // Parsers MAY ignore one; this client refuses it, as it refuses every other answer
  // that breaks the rules, rather than guess what the server meant.
  if (bodyText.startsWith('\ufeff')) return { bodyText: '', bodyProblem: 'byte-order-mark' };
  return { bodyText };
}
