/** What deepText() read from a value: every string in it, and whether it read all of it. */
export interface DeepText {
  text: string;
  complete: boolean;
}

/**
 * Every string reachable from `root`, one per line, for the token audit: own
 * property names and values at any depth, the entries of a Map, Set, Headers,
 * URLSearchParams or FormData (internal slots, which no property and no
 * JSON.stringify shows), an Error's name, message, stack and cause, a URL's or
 * Request's address, a DOM node's markup, a typed array's bytes as text.
 * Getters are not called (they could have effects).
 *
 * It runs inside the browser, sent as its source text (CDP
 * Runtime.callFunctionOn in a page or a worker): hence no named helper
 * functions (tsx would wrap them in a `__name` call that does not exist
 * there), no recursion, and classes looked up on globalThis, since a worker
 * has no Node and FormData may be missing.
 */
export function deepText(root: unknown): DeepText {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const stack: unknown[] = [root];
  type Class = abstract new (...args: never[]) => unknown;
  const scope = globalThis as unknown as Record<string, Class | undefined>;
  // Inline arrows only: a named one would get tsx's `__name` wrapper.
  const collections = ['Headers', 'URLSearchParams', 'FormData'].map((name) => scope[name]).filter((type): type is Class => typeof type === 'function');
  const { URL: Url, Request: Req, Response: Res, Node: DomNode } = scope;
  let budget = 50_000;
  while (stack.length > 0 && budget > 0) {
    budget -= 1;
    const value = stack.pop();
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object' && typeof value !== 'function') {
      out.push(String(value));
      continue;
    }
    if (seen.has(value)) continue;
    seen.add(value);
    try {
      if (value instanceof Error) stack.push(value.name, value.message, value.stack, value.cause);
      if (value instanceof Map || value instanceof Set || collections.some((type) => value instanceof type)) {
        for (const entry of (value as Map<unknown, unknown>).entries()) stack.push(entry);
      }
      if (Url !== undefined && value instanceof Url) out.push((value as URL).href);
      if ((Req !== undefined && value instanceof Req) || (Res !== undefined && value instanceof Res)) stack.push((value as Request).url, (value as Request).headers);
      if (DomNode !== undefined && value instanceof DomNode) out.push((value as Element).outerHTML ?? (value as Node).textContent ?? '');
      if (ArrayBuffer.isView(value)) {
        // Its bytes as text, not a property per byte.
        out.push(new TextDecoder('latin1').decode(new Uint8Array(value.buffer, value.byteOffset, Math.min(value.byteLength, 1 << 20))));
        continue;
      }
      for (const key of Reflect.ownKeys(value)) {
        out.push(String(key));
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (descriptor !== undefined && 'value' in descriptor) stack.push(descriptor.value);
      }
    } catch (error) {
      out.push(`[unreadable: ${String(error)}]`);
    }
  }
  return { text: out.join('\n'), complete: stack.length === 0 };
}

/** A value as CDP's Runtime domain reports it (a console argument, an exception). */
export interface RemoteObject {
  type: string;
  subtype?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  objectId?: string;
  preview?: unknown;
}

/** What CDP says of a value at once, before deepText reads it in depth inside its context. */
export function shallowText(value: RemoteObject): string {
  if (value.type === 'string') return String(value.value);
  if (value.unserializableValue !== undefined) return value.unserializableValue;
  if (value.value !== undefined) return JSON.stringify(value.value);
  return `${value.description ?? value.type}${value.preview === undefined ? '' : ` ${JSON.stringify(value.preview)}`}`;
}
