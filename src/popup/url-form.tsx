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
  // Shorten pressed on an empty field: said at the field, and the link on screen stays.
  const [emptyTried, setEmptyTried] = useState(false);
  const { t } = useWords();
  return (
    <form
      class="url-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() === '') {
          setEmptyTried(true);
          return;
        }
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
          aria-invalid={emptyTried}
          aria-describedby={emptyTried ? 'typed-url-error' : undefined}
          onInput={(event) => {
            setValue(event.currentTarget.value);
            setEmptyTried(false);
          }}
        />
        <button type="submit" class="secondary-button" disabled={busy}>
          {t('popupShorten')}
        </button>
      </div>
      {emptyTried && (
        <p id="typed-url-error" class="field-error" role="alert">
          {t('errorEmptyUrl')}
        </p>
      )}
    </form>
  );
}
