/**
 * What went wrong, in the words an error carries (the browser's or the
 * runtime's, in English): for the console, or after a sentence in the user's
 * language. Anything thrown that is not an Error is said as it prints.
 */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
