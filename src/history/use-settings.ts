import { useEffect, useState } from 'preact/hooks';
import { describe } from './describe';
import type { HistoryConnector, HistorySettings } from './history-connector';

/** What reading the settings falls back to when it fails: the defaults, so copying still works. */
const FALLBACK_SETTINGS: HistorySettings = { history: true, copyFormat: 'plain' };

/** The settings the page follows, kept up to date as they change (in the options page, say). */
export function useSettings(connector: HistoryConnector): HistorySettings {
  const [settings, setSettings] = useState<HistorySettings | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () =>
      connector.readSettings().then(
        (current) => live && setSettings(current),
        (error: unknown) => console.warn('Shrtnr: the settings could not be read; history uses the defaults.', describe(error)),
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
