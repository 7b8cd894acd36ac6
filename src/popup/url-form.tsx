import { useState } from 'preact/hooks';
import { useWords } from '../ui/words-context';

interface UrlFormProps {
  fieldRef: { current: HTMLInputElement | null };
  onSubmit(url: string): void;
  busy: boolean;
}

/** "Shorten another": a link typed or pasted in. */
export function UrlForm({ fieldRef, onSubmit, busy }: UrlFormProps) {
  const [value, setValue] = useState('');
  const { t } = useWords();
  return (
    <form
      class="url-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(value);
      }}
    >
      <label class="field-label" for="typed-url">
        {t('popupShortenAnother')}
      </label>
      <div class="short-url-row">
        <input
          id="typed-url"
          ref={fieldRef}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          dir="ltr"
          placeholder="https://…"
          value={value}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" class="secondary-button" disabled={busy}>
          {t('popupShorten')}
        </button>
      </div>
    </form>
  );
}
