import { useEffect, useId, useRef } from 'preact/hooks';
import './confirm-step.css';

export interface ConfirmStepProps {
  /** The question, in the page's words. */
  question: string;
  /** The danger button's words: what it does. */
  confirmLabel: string;
  /** The button that does nothing. */
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A question asked in the page before something that cannot be taken back:
 * the question, a danger button that does it, and one that does not, which
 * has the focus (the answer that loses nothing) and which Escape presses.
 * Where focus goes once it is answered is the caller's: the step goes away.
 */
export function ConfirmStep({ question, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmStepProps) {
  const questionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      class="confirm"
      role="group"
      aria-labelledby={questionId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id={questionId}>{question}</p>
      <button type="button" class="danger-button" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" ref={cancel} class="secondary-button" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
