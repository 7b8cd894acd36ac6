/**
 * The browser's word on the network, in this context (the worker, the event
 * page): `navigator.onLine` false means no network at all; true says nothing
 * of any server. `online` fires on the global scope when it comes back
 * (WorkerGlobalScope and Window alike).
 */
export const browserNetwork = {
  online: (): boolean => globalThis.navigator?.onLine !== false,
  onOnline(listener: () => void): void {
    globalThis.addEventListener?.('online', listener);
  },
};
