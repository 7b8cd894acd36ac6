import { describe, expect, it } from 'vitest';
import { MAX_SELECTION_LENGTH, selectionPieces } from './selection-pieces';

describe('the selection in pieces, as the page said it', () => {
  it("keeps each piece's text, and a link's http(s) target", () => {
    const pieces = [{ text: 'Read ' }, { text: 'the guide', href: 'https://a.example/1' }, { text: '.\nThen ' }, { text: 'here', href: 'http://b.example/2' }];
    expect(selectionPieces({ pieces })).toEqual(pieces);
  });

  it('drops a target that is not an http(s) address, keeping its words', () => {
    expect(selectionPieces({ pieces: [{ text: 'run', href: 'javascript:alert(1)' }, { text: ' or ' }, { text: 'mail', href: 'mailto:a@b.example' }] })).toEqual([{ text: 'run' }, { text: ' or ' }, { text: 'mail' }]);
  });

  it('believes nothing that is not the shape, nor more text than anyone selects', () => {
    for (const said of [undefined, null, 'text', { pieces: 'x' }, { pieces: [{ text: 1 }] }, { pieces: [{ text: 'a', href: 2 }] }, { pieces: [null] }]) expect(selectionPieces(said)).toBeUndefined();
    expect(selectionPieces({ pieces: [{ text: 'a'.repeat(MAX_SELECTION_LENGTH) }, { text: 'b' }] })).toBeUndefined();
    expect(selectionPieces({ pieces: Array.from({ length: 2_001 }, () => ({ text: 'a' })) })).toBeUndefined();
    expect(selectionPieces({ pieces: [] })).toEqual([]);
  });
});
