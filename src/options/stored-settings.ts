import { useEffect, useState } from 'preact/hooks';
import type { OptionsConnector } from './options-connector';
import { errorText } from '../platform/error-text';
import { firstRead, serverMovedTo, storedAgain, UNREAD, type SettingsForm } from './settings-form';

/** A change to one part of the form: its new value, or how the current one becomes it. */
type Change<Part> = Part | ((current: Part) => Part);

/**
 * The settings as saved, and the form that edits them (settings-form.ts): read
 * when the page opens, and again whenever a save is heard (this page's, another
 * page's, sync's), keeping what this page has unsaved edits in. `loadFailure`
 * says why they could not be read.
 */
export function useStoredSettings(connector: OptionsConnector) {
  const { t } = connector.words;
  const [form, setForm] = useState(UNREAD);
  const [loadFailure, setLoadFailure] = useState<string | undefined>(undefined);
  // The page's own changes to each part, one function each for the page's life.
  const [setters] = useState(() => {
    const part =
      <Key extends 'saved' | 'editing' | 'values'>(key: Key) =>
      (change: Change<SettingsForm[Key]>) =>
        setForm((current) => ({ ...current, [key]: typeof change === 'function' ? change(current[key]) : change }));
    return { setSaved: part('saved'), setEditing: part('editing'), setValues: part('values') };
  });

  useEffect(() => {
    // Reads answer in any order: only the latest one asked for is shown (an earlier one holds older settings).
    let reads = 0;
    let shown = false;
    const read = (apply: typeof firstRead) => {
      const mine = ++reads;
      connector.load().then(
        (stored) => {
          if (mine !== reads) return;
          shown = true;
          setForm((current) => apply(current, stored));
        },
        (error: unknown) => {
          // Nothing on screen yet: the page says it could not read them.
          if (mine === reads && !shown) setLoadFailure(t('optionsLoadFailed', errorText(error)));
          else if (apply === storedAgain) console.warn('Shrtnr: the settings could not be read again.', errorText(error));
        },
      );
    };
    read(firstRead);
    // Another page (or sync) may save too: follow it.
    return connector.onStoredChange(() => read(storedAgain));
  }, [connector]);

  return { ...form, ...setters, loadFailure, serverMovedTo: serverMovedTo(form) };
}
