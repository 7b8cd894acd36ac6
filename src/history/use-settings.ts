import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../platform/error-text';
import type { HistoryConnector, HistorySettings } from './history-connector';

/**
 * The settings until they are read, or when they cannot be: the defaults,
 * so copying still works, but no accounts (as the settings read a list they
 * cannot trust: FAIL_CLOSED), so no link is named after an account that may
 * not be its own; it is named by its server's host instead.
 */
const FALLBACK_SETTINGS: HistorySettings = { history: true, copyFormat: 'plain', accounts: [] };

/** The settings the page follows, kept up to date as they change (in the options page, say). */
export function useSettings(connector: HistoryConnector): HistorySettings {
  const [settings, setSettings] = useState<HistorySettings | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () =>
      connector.readSettings().then(
        (current) => live && setSettings(current),
        (error: unknown) => console.warn('Shrtnr: the settings could not be read; history uses the defaults.', errorText(error)),
      );
    void read();
    const unsubscribe = connector.onSettingsChange(() => void read());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [connector]);
  return settings ?? FALLBACK_SETTINGS;
}
