/** Names that stay in Latin script in every language. */
const ALWAYS_NAMES = ['Shrtnr'];

/** Addresses (`scheme://…`) read the same in every language. */
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/\S*/gi;

/** The attributes a person (or a screen reader) is given words in. */
const WORDED_ATTRIBUTES = ['aria-label', 'title', 'alt', 'placeholder'];

/**
 * The Latin-script words on screen in a page rendered in a language written
 * in another script (Arabic): each one is English that escaped translation,
 * a string written into a component or a message missing from that locale
 * and filled in from English. Addresses and the `names` given (hosts, a
 * token's ending, what the user typed) are left out, as is the product name.
 */
export function untranslatedWords(root: Element, names: readonly string[] = []): string[] {
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
  return pieces.flatMap((piece) => {
    let rest = piece.replace(ADDRESS, ' ');
    for (const name of allowed) rest = rest.replaceAll(name, ' ');
    return rest.match(/\p{Script=Latin}{2,}/gu) ?? [];
  });
}
