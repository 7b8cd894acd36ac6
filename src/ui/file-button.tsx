import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

interface FileButtonProps {
  /** The button's words, in the page's language. */
  children: ComponentChildren;
  /** The file input's `accept`: the kinds the picker offers. */
  accept: string;
  testId: string;
  /** While true the button says so and opens no picker (it stays focusable); left out, the button has no such state. */
  busy?: boolean;
  /** Where the page puts the focus back (`data-focus`). */
  focusName?: string;
  onFile: (file: File) => void;
}

/**
 * A button that opens the browser's file picker and hands on the file chosen. The file input is hidden: the button
 * is the control, named in the page's language (a file input's own words are the browser's). The input is emptied
 * once read, so that choosing the same file again (after fixing it) reads it again.
 */
export function FileButton({ children, accept, testId, busy, focusName, onFile }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" class="secondary-button" data-focus={focusName} aria-disabled={busy} onClick={() => busy === true || input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (chosen !== undefined) onFile(chosen);
        }}
      />
    </>
  );
}
