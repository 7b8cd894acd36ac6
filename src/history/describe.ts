/** An error's own text (the browser's, in English), to show after a sentence in the user's language. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
