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
  // What was last sent: while the field holds something else, it is being typed in, and keeps the focus (focus-rule.ts).
  const [sent, setSent] = useState<string | undefined>(undefined);
  const { t } = useWords();
  return (
    <form
      class="url-form"
      onSubmit={(event) => {
        event.preventDefault();
        setSent(value);
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
          data-sent={value === sent}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" class="secondary-button" disabled={busy}>
          {t('popupShorten')}
        </button>
      </div>
    </form>
  );
}
