/**
 * storage.session as the worker's unit tests fake it: a Map the test holds
 * (so it outlives a "worker", a fresh import of its modules), read and written
 * by structured clone, as the browser does: a stored value never aliases the
 * caller's. For a `vi.mock` factory of src/platform/browser (factories are
 * hoisted: import this inside one, with `await import`).
 */
export function fakeSessionArea(store: Map<string, unknown>) {
  return {
    get: async (keys?: string | string[] | null): Promise<Record<string, unknown>> => {
      const wanted = keys === null || keys === undefined ? [...store.keys()] : [keys].flat();
      return Object.fromEntries(wanted.filter((key) => store.has(key)).map((key) => [key, structuredClone(store.get(key))]));
    },
    set: async (items: Record<string, unknown>): Promise<void> => {
      for (const [key, value] of Object.entries(items)) store.set(key, structuredClone(value));
    },
    remove: async (keys: string | string[]): Promise<void> => {
      for (const key of [keys].flat()) store.delete(key);
    },
  };
}
