/** Names that stay in Latin script in every language. */
const ALWAYS_NAMES = ['Shrtnr'];

/** Addresses (`scheme://…`) read the same in every language. */
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/\S*/gi;

/** The attributes a person (or a screen reader) is given words in. */
const WORDED_ATTRIBUTES = ['aria-label', 'title', 'alt', 'placeholder'];

/** The text a person is given: each text node, and each worded attribute, less addresses and the names given. */
function wordedText(root: Element, names: readonly string[]): string[] {
  const pieces: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === node.TEXT_NODE) pieces.push(node.textContent ?? '');
    if (node instanceof Element) {
      for (const attribute of WORDED_ATTRIBUTES) pieces.push(node.getAttribute(attribute) ?? '');
    }
    for (const child of node.childNodes) visit(child);
  };
  visit(root);
  // Longest first, so a host is removed before a shorter name inside it.
  const allowed = [...ALWAYS_NAMES, ...names].toSorted((a, b) => b.length - a.length);
  return pieces.map((piece) => {
    let rest = piece.replace(ADDRESS, ' ');
    for (const name of allowed) rest = rest.replaceAll(name, ' ');
    return rest;
  });
}

/**
 * The Latin-script words on screen in a page rendered in a language written
 * in another script (Arabic): each one is English that escaped translation,
 * a string written into a component or a message missing from that locale
 * and filled in from English. Addresses and the `names` given (hosts, a
 * token's ending, what the user typed) are left out, as is the product name.
 */
export function untranslatedWords(root: Element, names: readonly string[] = []): string[] {
  return wordedText(root, names).flatMap((piece) => piece.match(/\p{Script=Latin}{2,}/gu) ?? []);
}

/** The languages written in a script other than Latin, among those the tests render. */
const NON_LATIN = new Set(['ar']);

/**
 * The words on screen that are not in the script of the page's language: in
 * Arabic, the Latin words of `untranslatedWords`; in a language written in
 * Latin script, any word in another (Arabic on an English page: a message
 * taken from the wrong catalogue). Every rendering can be checked with it,
 * whatever its language.
 */
export function wordsInAnotherScript(root: Element, language: string, names: readonly string[] = []): string[] {
  if (NON_LATIN.has(language)) return untranslatedWords(root, names);
  return wordedText(root, names).flatMap((piece) => piece.match(/(?:(?!\p{Script=Latin})\p{L}){2,}/gu) ?? []);
}
