// fast-check documents its API as the default `fc` namespace object; this rule would flag every fc.* call.
// oxlint-disable import/no-named-as-default-member
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasDuplicateKeys } from './duplicate-keys';

// JSON texts are built from a tree that says how every string is spelled
// (each code unit plain, \u-escaped in either case, or short-escaped) and what
// whitespace goes between tokens, so the same key can be written many ways.
// JSON.parse is the judge that the text means what the tree says.

/** A string and how to write each of its code units: 0 plain, 1 \u0061, 2 \u00E9, 3 a short escape (\n, \/...) when there is one. */
interface Spelled {
  text: string;
  spelling: number[];
}

type Tree =
  | { kind: 'leaf'; json: string; value: unknown }
  | { kind: 'array'; items: Tree[] }
  | { kind: 'object'; entries: { key: Spelled; value: Tree }[] };

type ObjectNode = Extract<Tree, { kind: 'object' }>;

const SHORT_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['"', '\\"'], ['\\', '\\\\'], ['/', '\\/'], ['\b', '\\b'], ['\f', '\\f'], ['\n', '\\n'], ['\r', '\\r'], ['\t', '\\t'],
]);

function spell({ text, spelling }: Spelled): string {
  let literal = '"';
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charAt(index);
    const hex = text.charCodeAt(index).toString(16).padStart(4, '0');
    const choice = spelling[index % spelling.length] ?? 0;
    const short = SHORT_ESCAPES.get(character);
    if (choice === 1) literal += `\\u${hex}`;
    else if (choice === 2) literal += `\\u${hex.toUpperCase()}`;
    else if (short !== undefined && (choice === 3 || character !== '/')) literal += short;
    // Other controls must be escaped; everything else, even a lone surrogate, may stand as it is.
    else if (character < ' ') literal += `\\u${hex}`;
    else literal += character;
  }
  return `${literal}"`;
}

/** The text, with whitespace from `gaps` (in turn) between all tokens. */
function serialise(root: Tree, gaps: readonly string[]): string {
  let cursor = 0;
  const gap = (): string => gaps[cursor++ % gaps.length] ?? '';
  const write = (node: Tree): string => {
    switch (node.kind) {
      case 'leaf':
        return node.json;
      case 'array':
        return `[${gap()}${node.items.map((item) => `${write(item)}${gap()}`).join(`,${gap()}`)}]`;
      case 'object':
        return `{${gap()}${node.entries.map(({ key, value }) => `${spell(key)}${gap()}:${gap()}${write(value)}${gap()}`).join(`,${gap()}`)}}`;
    }
  };
  return `${gap()}${write(root)}${gap()}`;
}

/** What JSON.parse must make of the text: the last of equal keys wins. */
function meaning(node: Tree): unknown {
  switch (node.kind) {
    case 'leaf':
      return node.value;
    case 'array':
      return node.items.map(meaning);
    case 'object':
      return Object.fromEntries(node.entries.map(({ key, value }) => [key.text, meaning(value)]));
  }
}

function namesAKeyTwice(node: Tree): boolean {
  switch (node.kind) {
    case 'leaf':
      return false;
    case 'array':
      return node.items.some(namesAKeyTwice);
    case 'object': {
      const keys = node.entries.map(({ key }) => key.text);
      return new Set(keys).size < keys.length || node.entries.some(({ value }) => namesAKeyTwice(value));
    }
  }
}

function objectsIn(node: Tree, found: ObjectNode[] = []): ObjectNode[] {
  if (node.kind === 'array') for (const item of node.items) objectsIn(item, found);
  if (node.kind === 'object') {
    if (node.entries.length > 0) found.push(node);
    for (const { value } of node.entries) objectsIn(value, found);
  }
  return found;
}

// ---------------------------------------------------------------------------

const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
/** Few characters, so that keys collide often; each one escapable in several ways, plus surrogate halves. */
const narrowText = fc.string({ unit: fc.constantFrom('a', 'A', 'é', '"', '\\', '/', '\n', '\u0000', ' ', '\u{1f517}', '\ud83d', '\udd17'), maxLength: 3 });
const wideText = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ unit: codeUnit, maxLength: 8 }), narrowText);
const spellingOf = fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 6 });
const spelled = (text: fc.Arbitrary<string>): fc.Arbitrary<Spelled> => fc.record({ text, spelling: spellingOf });

const leaf: fc.Arbitrary<Tree> = fc.oneof(
  fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((value) => {
    const json = JSON.stringify(value);
    return { kind: 'leaf' as const, json, value: JSON.parse(json) as unknown };
  }),
  spelled(wideText).map((string) => ({ kind: 'leaf' as const, json: spell(string), value: string.text })),
);

function jsonTree(keyText: fc.Arbitrary<string>, uniqueKeys: boolean): fc.Arbitrary<Tree> {
  return fc.letrec<{ node: Tree }>((tie) => {
    const entry = fc.record({ key: spelled(keyText), value: tie('node') });
    const entries = uniqueKeys ? fc.uniqueArray(entry, { selector: ({ key }) => key.text, maxLength: 5 }) : fc.array(entry, { maxLength: 5 });
    return {
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 4 }).map((items) => ({ kind: 'array' as const, items })),
        entries.map((list) => ({ kind: 'object' as const, entries: list })),
      ),
    };
  }).node;
}

const gaps = fc.array(fc.stringMatching(/^[ \t\n\r]{0,3}$/), { minLength: 1, maxLength: 5 });

describe('hasDuplicateKeys against JSON.parse (properties)', () => {
  it('finds a duplicate exactly when an object names a key twice, however keys are spelled', () => {
    fc.assert(
      fc.property(jsonTree(narrowText, false), gaps, (tree, whitespace) => {
        const text = serialise(tree, whitespace);
        // The text means what the tree says (so the tree's answer is the truth about the text).
        expect(JSON.parse(text)).toEqual(meaning(tree));
        expect(hasDuplicateKeys(text)).toBe(namesAKeyTwice(tree));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds none in JSON whose objects all have distinct keys', () => {
    fc.assert(
      fc.property(jsonTree(wideText, true), gaps, (tree, whitespace) => {
        const text = serialise(tree, whitespace);
        expect(JSON.parse(text)).toEqual(meaning(tree));
        expect(hasDuplicateKeys(text)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds none in what JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 0, 1, 2, '\t', ' \n'), (value, indent) => {
        expect(hasDuplicateKeys(JSON.stringify(value, null, indent))).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('always finds a duplicate injected anywhere, spelled any way, with any value', () => {
    fc.assert(
      fc.property(
        jsonTree(wideText, true),
        gaps,
        fc.record({ object: fc.nat(), entry: fc.nat(), position: fc.nat(), spelling: spellingOf, value: jsonTree(wideText, true), wrapKey: spelled(wideText) }),
        (generated, whitespace, injection) => {
          // A copy: fast-check may reuse the generated value while shrinking.
          const tree = structuredClone(generated);
          const objects = objectsIn(tree);
          const target = objects[injection.object % Math.max(1, objects.length)];
          let root: Tree = tree;
          if (target === undefined) {
            // No object to add to: wrap the tree in one that names its key twice.
            root = { kind: 'object', entries: [{ key: injection.wrapKey, value: tree }, { key: { text: injection.wrapKey.text, spelling: injection.spelling }, value: injection.value }] };
          } else {
            const original = target.entries[injection.entry % target.entries.length];
            if (original === undefined) throw new Error('objectsIn returned an empty object');
            const twin = { key: { text: original.key.text, spelling: injection.spelling }, value: injection.value };
            target.entries.splice(injection.position % (target.entries.length + 1), 0, twin);
          }
          const text = serialise(root, whitespace);
          expect(JSON.parse(text)).toEqual(meaning(root));
          expect(hasDuplicateKeys(text)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
