/**
 * What only a text's links (a selection's, a field's) can fail with, found
 * by the worker (src/background/writing/) before any of them is sent; a
 * link's own failure is a job's (JobFailure). Declared here, below the
 * messages, because the popup hears them too: where a browser has no context
 * menu, it asks for the selection's links itself (src/popup/menuless-tools.tsx).
 */
export type TextError =
  /** Selected text that holds no web address and no link. */
  | { kind: 'no-links-selected' }
  /** A selection the page said is longer than is read (`most` characters): what it holds is not known as seen. */
  | { kind: 'selection-too-long'; most: number }
  /** A selection in a frame the click's access does not reach (another site's): what a person sees of it is not known. */
  | { kind: 'selection-unreadable' }
  /** A text field that holds no web address. */
  | { kind: 'no-links-in-field' }
  /** A field the extension may not read or change: a password or e-mail input, or one in a page the browser keeps closed. */
  | { kind: 'field-unreadable' }
  /** The field to change is one no person can see (hidden, off-screen): the focus a page moved as the menu opened. */
  | { kind: 'field-hidden' }
  /** More links than can wait at once in storage.session: `most` would fit now. */
  | { kind: 'text-too-large'; links: number; most: number }
  /** More than a few links, which the user did not confirm sending (declined, or left the question unanswered). */
  | { kind: 'not-confirmed'; links: number };
