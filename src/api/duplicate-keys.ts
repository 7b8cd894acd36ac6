// The tokens that matter: whole string literals (so nothing inside a string is
// mistaken for structure) and the brackets and commas between them. The string
// pattern is the "unrolled loop" form: its stack does not grow with a string's length.
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|[{}[\],]/g;

/**
 * Whether any object in a JSON text names the same key twice, keys compared
 * after unescaping ("a" and "\u0061" are one key). JSON.parse silently keeps
 * the last of them, so such a text can mean two things to two readers.
 * Call it only on text JSON.parse has accepted.
 */
export function hasDuplicateKeys(json: string): boolean {
  // One entry per open container: the keys an object has named so far, or undefined for an array.
  const open: (Set<string> | undefined)[] = [];
  // In an object, the string right after `{` or `,` is a key.
  let keyExpected = false;
  for (const [token] of json.matchAll(TOKEN)) {
    if (token === '{' || token === '[') {
      open.push(token === '{' ? new Set() : undefined);
      keyExpected = token === '{';
    } else if (token === '}' || token === ']') {
      open.pop();
    } else if (token === ',') {
      keyExpected = true;
    } else {
      const keys = open.at(-1);
      if (keyExpected && keys !== undefined) {
        const key = JSON.parse(token) as string;
        if (keys.has(key)) return true;
        keys.add(key);
      }
      keyExpected = false;
    }
  }
  return false;
}
