/**
 * What went wrong, in the words an error carries (the browser's or the
 * runtime's, in English): for the console, or after a sentence in the user's
 * language. Anything thrown that is not an Error is said as it prints.
 */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A fault inside the extension itself (a thrown value, a worker that failed
 * to answer), as data like any other failure: `detail` is technical and
 * untranslated. Any context may end a job with it, so it sits this low.
 */
export type InternalError = { kind: 'internal'; detail: string };

export const internalError = (error: unknown): InternalError => ({ kind: 'internal', detail: errorText(error) });
