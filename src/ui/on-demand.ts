import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../platform/error-text';

export type OnDemand<T> = { value: T } | 'failed' | undefined;

/**
 * What `load` gives (a chunk the shell imports only when asked for: the QR
 * panel, the tabs run's panel), loaded once `wanted` and kept for the
 * component's life; 'failed' (said in the console as `what`) when it could
 * not be loaded, undefined while it loads or is not wanted.
 */
export function useOnDemand<T>(load: () => Promise<T>, wanted: boolean, what: string): OnDemand<T> {
  const [loaded, setLoaded] = useState<OnDemand<T>>(undefined);
  const needed = wanted && loaded === undefined;
  useEffect(() => {
    if (!needed) return;
    let current = true;
    load().then(
      (value) => current && setLoaded({ value }),
      (error: unknown) => {
        console.warn(`Shrtnr: ${what} could not be loaded.`, errorText(error));
        if (current) setLoaded('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [needed, load, what]);
  return loaded;
}
