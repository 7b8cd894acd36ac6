/** A promise a test settles when it chooses (Promise.withResolvers needs Node 22; the project supports 20.19). */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: ((value: T) => void) | undefined;
  let reject: ((reason: unknown) => void) | undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  if (resolve === undefined || reject === undefined) throw new Error('The Promise executor did not run synchronously.');
  return { promise, resolve, reject };
}
