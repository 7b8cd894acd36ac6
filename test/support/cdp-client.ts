import { WebSocket } from 'undici';

type Params = Record<string, unknown>;
type Handler = (params: Params, sessionId: string | undefined) => void;

interface Message {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: Params;
  error?: { message: string };
}

/**
 * A second, independent CDP connection to Chromium over its DevTools WebSocket,
 * with flattened sessions: Playwright's CDPSession cannot address the child
 * sessions of a browser-level `Target.setAutoAttach` (Chromium allows only the
 * flattened protocol there), and those are what reach every service worker,
 * page, popup and offscreen document.
 */
export class CdpClient {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(result: Params): void; reject(error: Error): void }>();
  private readonly handlers = new Map<string, Handler[]>();

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => this.dispatch(JSON.parse(String(event.data)) as Message));
    socket.addEventListener('close', () => {
      for (const { reject } of this.pending.values()) reject(new Error('The DevTools connection closed.'));
      this.pending.clear();
    });
  }

  static async connect(url: string): Promise<CdpClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`Could not open the DevTools WebSocket ${url}.`)), { once: true });
    });
    return new CdpClient(socket);
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (this.socket.readyState !== WebSocket.OPEN) return reject(new Error(`${method}: the DevTools connection is closed.`));
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) }));
    });
  }

  on(method: string, handler: Handler): void {
    this.handlers.set(method, [...(this.handlers.get(method) ?? []), handler]);
  }

  close(): void {
    this.socket.close();
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result ?? {});
      return;
    }
    for (const handler of this.handlers.get(message.method ?? '') ?? []) handler(message.params ?? {}, message.sessionId);
  }
}
