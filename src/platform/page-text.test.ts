// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPageText, type FieldFound, type SelectionFound, type SelectionTooLong } from './page-text';

/*
 * readPageText runs in the page as it is here: on happy-dom's DOM, whose
 * styles are real (display, visibility, opacity, overflow) but which lays
 * nothing out. Each box is given here instead: an element's `data-box`
 * ("x y width height"), a text's that of its parent; the document is 2000 by
 * 2000. The browsers' own layout is tried by the hostile pages end to end.
 */
const boxOf = (element: Element | null): DOMRect => {
  const [x = 0, y = 0, width = 0, height = 0] = (element?.closest('[data-box]')?.getAttribute('data-box') ?? '10 10 200 20').split(' ').map(Number);
  return new DOMRect(x, y, width, height);
};
const layout = {
  rects: Object.getOwnPropertyDescriptor(Range.prototype, 'getClientRects'),
  box: Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect'),
};

beforeEach(() => {
  Range.prototype.getClientRects = function (this: Range) {
    const parent = this.startContainer instanceof Element ? this.startContainer : this.startContainer.parentElement;
    return [boxOf(parent)] as unknown as DOMRectList;
  };
  Element.prototype.getBoundingClientRect = function (this: Element) {
    return boxOf(this);
  };
  for (const side of ['scrollWidth', 'scrollHeight']) Object.defineProperty(document.documentElement, side, { value: 2000, configurable: true });
  // What the browsers' own style sheet says of the elements used here.
  document.head.innerHTML = '<style>a, b, i, span { display: inline } div, p { display: block } [hidden] { display: none }</style>';
});
afterEach(() => {
  if (layout.rects !== undefined) Object.defineProperty(Range.prototype, 'getClientRects', layout.rects);
  if (layout.box !== undefined) Object.defineProperty(Element.prototype, 'getBoundingClientRect', layout.box);
  delete (globalThis as { browser?: unknown }).browser;
  delete (globalThis as { shrtnrFields?: unknown }).shrtnrFields;
  document.body.innerHTML = '';
});

const field = (clickId = 'click', more: { target?: number; again?: boolean } = {}) => readPageText({ of: 'field', clickId, ...more }) as FieldFound;
const selected = (maxLength = 100_000) => readPageText({ of: 'selection', maxLength }) as SelectionFound | SelectionTooLong | undefined;

const focus = (id: string) => document.querySelector<HTMLElement>(`#${id}`)?.focus();

function select(element: Element): void {
  const range = document.createRange();
  range.selectNodeContents(element);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}

describe('an editable block: its texts a person sees', () => {
  it('leaves out what is not shown: display none, hidden, invisible, transparent, off the document, zero-sized, clipped away, a style\'s text', () => {
    document.body.innerHTML = `<div id="editor" contenteditable="true">One <span style="display:none">none</span><span hidden>hidden</span><span style="visibility:hidden">invisible</span><span style="opacity:0">transparent</span><span data-box="-5000 10 300 20">off</span><span data-box="10 10 0 0">empty</span><span style="overflow:hidden" data-box="10 10 1 1"><b data-box="10 10 200 20">clipped</b></span><style>.x{}</style>two</div>`;
    (document.querySelector('#editor') as HTMLElement).focus();
    expect(field()).toEqual({ kind: 'editable', texts: ['One ', 'two'], apart: [false] });
  });

  it('says of each seen text and the next whether a line break or a block lies between them', () => {
    document.body.innerHTML = '<div id="editor" contenteditable="true">a<b>b</b><br>c<div>d</div>e<span hidden><br></span>f</div>';
    document.querySelector<HTMLElement>('#editor')?.focus();
    expect(field()).toEqual({ kind: 'editable', texts: ['a', 'b', 'c', 'd', 'e', 'f'], apart: [false, true, true, true, false] });
  });

  it('is refused when the block itself cannot be seen (a focus the page moved)', () => {
    document.body.innerHTML = '<div id="editor" contenteditable="true" data-box="-9000 0 400 100">https://a.example/</div>';
    document.querySelector<HTMLElement>('#editor')?.focus();
    expect(field()).toEqual({ problem: 'hidden' });
  });
});

describe('a text area or input: the focused one, or the one the browser names', () => {
  beforeEach(() => {
    document.body.innerHTML = `<textarea id="seen">https://a.example/</textarea><textarea id="away" data-box="-9000 0 300 60">https://b.example/</textarea>
      <input id="secret" type="password" value="https://c.example/"><textarea id="locked" readonly>https://d.example/</textarea>`;
  });
  it('reads the focused field a person sees, and refuses one off the page, a password or a read-only field', () => {
    focus('seen');
    expect(field()).toEqual({ kind: 'value', texts: ['https://a.example/'] });
    focus('away');
    expect(field()).toEqual({ problem: 'hidden' });
    focus('secret');
    expect(field()).toEqual({ problem: 'unsupported' });
    focus('locked');
    expect(field()).toEqual({ problem: 'unsupported' });
    (document.activeElement as HTMLElement).blur();
    expect(field()).toEqual({ problem: 'none' });
  });

  it('reads the element right-clicked where the browser names it (Firefox), whatever the page focused', () => {
    const named = new Map<number, Element | null>([[7, document.querySelector('#seen')]]);
    (globalThis as { browser?: unknown }).browser = { menus: { getTargetElement: (id: number) => named.get(id) ?? null } };
    focus('away');
    expect(field('click', { target: 7 })).toEqual({ kind: 'value', texts: ['https://a.example/'] });
    expect(field('other', { target: 8 })).toEqual({ problem: 'none' });
  });

  it('reads again the field kept for the click, not the one focused now', () => {
    focus('seen');
    field('kept');
    (document.querySelector('#seen') as HTMLTextAreaElement).value = 'https://a.example/ and more';
    focus('locked');
    expect(field('kept', { again: true })).toEqual({ kind: 'value', texts: ['https://a.example/ and more'] });
    expect(field('never-read', { again: true })).toEqual({ problem: 'none' });
  });
});

/**
 * A selection made by hand in `host`'s shadow tree, of `inside`'s contents, as Chromium gives it: getRangeAt rescoped
 * to the host, collapsed before it; getComposedRanges where it is, once given the tree's root (happy-dom has neither).
 */
function selectInShadow(host: Element, inside: Element): void {
  const selection = getSelection() as Selection;
  const rescoped = document.createRange();
  rescoped.setStartBefore(host);
  rescoped.collapse(true);
  const where = { startContainer: inside, startOffset: 0, endContainer: inside, endOffset: inside.childNodes.length, collapsed: false };
  Object.defineProperties(selection, {
    rangeCount: { value: 1, configurable: true },
    getRangeAt: { value: () => rescoped, configurable: true },
    getComposedRanges: { value: (options?: GetComposedRangesOptions) => [options?.shadowRoots?.includes(host.shadowRoot as ShadowRoot) === true ? where : rescoped], configurable: true },
  });
}
afterEach(() => {
  for (const name of ['rangeCount', 'getRangeAt', 'getComposedRanges']) delete (getSelection() as unknown as Record<string, unknown>)[name];
});

/** A page with a component (`around` holds its host, #host) whose shadow tree holds `markup`, its #inner selected by hand. */
function component(markup: string, around = '<div id="host"></div>'): void {
  document.body.innerHTML = `<p>Before</p>${around}`;
  const host = document.querySelector('#host') as Element;
  // The browsers' own style sheet, which happy-dom's shadow trees do not take from the document.
  host.attachShadow({ mode: 'open' }).innerHTML = `<style>a, span { display: inline } p { display: block }</style>${markup}`;
  selectInShadow(host, host.shadowRoot?.querySelector('#inner') as Element);
}

describe("a selection in a web component's shadow tree", () => {
  it("is read where getComposedRanges says, not where Chromium's getRangeAt puts it (at the host, with nothing in it)", () => {
    component('<p id="inner">See https://a.example/x and <a href="https://b.example/">its docs</a></p>');
    expect(selected()).toEqual({ pieces: [{ text: 'See https://a.example/x and ' }, { text: 'its docs', href: 'https://b.example/' }] });
  });

  it("takes the link around the component's host for the words inside it", () => {
    component('<span id="inner">A card</span>', '<a href="https://c.example/"><span id="host"></span></a>');
    expect(selected()).toEqual({ pieces: [{ text: 'A card', href: 'https://c.example/' }] });
  });

  it('leaves out its text where a box around the host clips it away', () => {
    component('<p id="inner" data-box="10 10 200 20">https://clipped.example/</p>', '<div style="overflow:hidden" data-box="10 10 1 1"><div id="host"></div></div>');
    expect(selected()).toEqual({ pieces: [] });
  });
});

describe('a selection: the text a person sees, a link on its own words', () => {
  it('leaves out a link hidden by the page, and its words: they are not put on the visible words like them', () => {
    document.body.innerHTML = '<p id="text">Write to <a href="https://evil.example/x" style="display:none">support</a>support or <a href="https://docs.example/">the  docs</a>.</p>';
    select(document.querySelector('#text') as Element);
    expect(selected()).toEqual({ pieces: [{ text: 'Write to support or ' }, { text: 'the docs', href: 'https://docs.example/' }, { text: '.' }] });
  });

  it('puts a line break between blocks, collapses spaces as CSS does, and keeps no link that is not http(s)', () => {
    document.body.innerHTML = `<div id="text"><p>First
      line  <a href="javascript:void 0">run</a></p><p style="white-space:pre">a  b</p><p data-box="-900 0 100 20">https://away.example/</p></div>`;
    select(document.querySelector('#text') as Element);
    expect(selected()).toEqual({ pieces: [{ text: 'First line run\na  b' }] });
  });

  it('takes a part of one text: the words a person dragged over', () => {
    document.body.innerHTML = '<p id="text">Read https://a.example/page today</p>';
    const range = document.createRange();
    const text = document.querySelector('#text')?.firstChild as Text;
    range.setStart(text, 5);
    range.setEnd(text, 27);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    expect(selected()).toEqual({ pieces: [{ text: 'https://a.example/page' }] });
  });

  it("is a focused text control's own selection when it has one a person sees", () => {
    document.body.innerHTML = '<p id="text">page words</p><textarea id="area">see https://a.example/ now</textarea>';
    select(document.querySelector('#text') as Element);
    const area = document.querySelector('#area') as HTMLTextAreaElement;
    area.focus();
    area.setSelectionRange(4, 22);
    expect(selected()).toEqual({ pieces: [{ text: 'https://a.example/' }] });
  });

  it('is not read on past what the caller believes', () => {
    document.body.innerHTML = `<p id="text">${'word '.repeat(100)}</p>`;
    select(document.querySelector('#text') as Element);
    expect(selected(50)).toEqual({ tooLong: true });
  });
});
