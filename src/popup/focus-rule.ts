/**
 * Whether a result that just appeared may take the focus: from nowhere (the
 * popup just opened, or the button pressed went away), from inside the result
 * itself, or from the "Shorten another" form once what its field holds was
 * sent (its answer is this result). Never from the field while it is being
 * typed in, nor from a button pressed elsewhere (a recent link's Copy): Enter
 * or Space would then act on the result instead.
 */
export function mayTakeFocus(): boolean {
  const focused = document.activeElement;
  if (focused === null || focused === document.body || focused.closest('.result') !== null) return true;
  return focused.closest('.url-form')?.querySelector<HTMLInputElement>('input[data-sent]')?.dataset.sent === 'true';
}
