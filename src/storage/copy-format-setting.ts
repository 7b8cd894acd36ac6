/**
 * How a short link goes onto the clipboard: the values of the stored
 * `copyFormat` setting, so storage declares them. Imports nothing, so the
 * popup, which may not reach storage, can list them.
 */
export const COPY_FORMATS = ['plain', 'markdown', 'html', 'rich'] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];
