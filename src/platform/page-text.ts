/** What the page is asked about: the field the menu was opened on, or the selection. */
export type TextAsk =
  /** `target`: the element right-clicked, where the browser names it (Firefox's `targetElementId`); `again`: the field kept for the click, read anew. */
  | { of: 'field'; clickId: string; target?: number; again?: boolean }
  | { of: 'selection'; maxLength: number };

/** A field's texts (a value's one; an editable block's seen texts, and of each and the next whether they are apart), or why there is none. */
export type FieldFound = { kind: 'value' | 'editable'; texts: string[]; apart?: boolean[] } | { problem: 'none' | 'unsupported' | 'hidden' };
/** The selection as a person sees it, in pieces: a link's text carries its target. */
export type SelectionFound = { pieces: { text: string; href?: string }[] };
/** More seen text than the caller believes: read no further (said, so that the page was read is known). */
export type SelectionTooLong = { tooLong: true };

/**
 * Runs in the page (serialised by `scripting.executeScript`, so it may use
 * nothing from outside itself; unit-tested on a DOM as it is): the text a
 * person can see where the menu was opened (issue 33). A text counts only
 * when it is rendered, not hidden, not transparent, and some of it at least
 * two pixels each way lies inside the document and inside every box that
 * clips it: a `hidden`, `display: none`, off-screen, zero-sized or clipped
 * text is no one's to shorten, nor a link made of it. A field is the one
 * right-clicked where the browser says (Firefox), else the focused one
 * (Chromium says nothing more, and the page can move the focus as the menu
 * opens), and only one a person can see. The field's texts are kept (weakly,
 * in the extension's isolated world) for the change that comes later.
 */
export function readPageText(ask: TextAsk): FieldFound | SelectionFound | SelectionTooLong | undefined {
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element) => styles.get(element) ?? styles.set(element, getComputedStyle(element)).get(element) as CSSStyleDeclaration;
  // Elements whose text is never shown as text (a text area's children are its first value, not what it shows).
  const raw = ['script', 'style', 'template', 'noscript', 'xmp', 'noembed', 'noframes', 'textarea', 'title', 'select', 'iframe', 'object'];
  const root = document.documentElement;
  // The box an element is drawn in: its slot's where it is slotted, its host's at the top of a shadow tree (the flat tree).
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- serialised into the page: nothing outside this function goes with it
  const shownIn = (element: Element): Element | null => element.assignedSlot ?? element.parentElement ?? (element.parentNode instanceof ShadowRoot ? element.parentNode.host : null);
  // Whether a box shows: what is left of it, cut to the document and to each box around it that clips, is 2 px each way.
  const shows = (box: DOMRect, clippedFrom: Element | null): boolean => {
    const edges = [box.left + scrollX, box.top + scrollY, box.right + scrollX, box.bottom + scrollY];
    const cut = (left: number, top: number, right: number, bottom: number) => {
      edges[0] = Math.max(edges[0] ?? 0, left);
      edges[1] = Math.max(edges[1] ?? 0, top);
      edges[2] = Math.min(edges[2] ?? 0, right);
      edges[3] = Math.min(edges[3] ?? 0, bottom);
    };
    cut(0, 0, root.scrollWidth, root.scrollHeight);
    for (let around = clippedFrom; around !== null && around !== root && around !== document.body; around = shownIn(around)) {
      const { overflow, overflowX, overflowY, clip, position } = style(around);
      const rect = around.getBoundingClientRect();
      const [left, top] = [rect.left + scrollX, rect.top + scrollY];
      if (/hidden|clip/.test(`${overflow} ${overflowX} ${overflowY}`)) cut(left, top, left + rect.width, top + rect.height);
      // The old `clip: rect(…)` of a positioned box (offsets from its top left; auto: the box's own edge).
      const inset = /^rect\((.+)\)$/.exec(clip ?? '')?.[1]?.split(/[\s,]+/);
      if (inset !== undefined && /absolute|fixed/.test(position)) {
        const [t, r, b, l] = inset.map((value, index) => (value === 'auto' ? [0, rect.width, rect.height, 0][index] ?? 0 : Number.parseFloat(value)));
        cut(left + (l ?? 0), top + (t ?? 0), left + (r ?? 0), top + (b ?? 0));
      }
    }
    return (edges[2] ?? 0) - (edges[0] ?? 0) >= 2 && (edges[3] ?? 0) - (edges[1] ?? 0) >= 2;
  };
  // Rendered, not visibility: hidden, not transparent (its own or an ancestor's opacity 0).
  const shown = { checkOpacity: true, checkVisibilityCSS: true };
  const drawn = (element: Element) => element.checkVisibility(shown);
  const seenElement = (element: Element) => drawn(element) && shows(element.getBoundingClientRect(), element.parentElement);
  const seenText = (text: Text, from: number, to: number): boolean => {
    const parent = text.parentElement;
    if (parent === null || !drawn(parent)) return false;
    const part = document.createRange();
    part.setStart(text, from);
    part.setEnd(text, to);
    return [...part.getClientRects()].some((box) => shows(box, parent));
  };
  /** The seen texts under `under` (within `range`, each cut to it), in order, and of each and the next whether a line break or a block lies between. */
  const seenTexts = (under: Node, range?: Range) => {
    const found: { node: Text; from: number; to: number }[] = [];
    const apart: boolean[] = [];
    let broken = false;
    const blockOf = (node: Node) => {
      let around = node.parentElement;
      while (around !== null && around !== under && style(around).display.startsWith('inline')) around = around.parentElement;
      return around;
    };
    const walker = document.createTreeWalker(under, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode(node) {
        if (!(node instanceof Element)) return NodeFilter.FILTER_ACCEPT;
        if (node.localName === 'br') broken = true;
        // Not rendered (display: none, hidden, a closed details' body) or never text: nothing under it shows.
        return raw.includes(node.localName) || !node.checkVisibility() ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      },
    });
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node as Text;
      if (range !== undefined && !range.intersectsNode(text)) continue;
      const from = text === range?.startContainer ? range.startOffset : 0;
      const to = text === range?.endContainer ? range.endOffset : text.data.length;
      if (from >= to || !seenText(text, from, to)) continue;
      const previous = found.at(-1)?.node;
      if (previous !== undefined) apart.push(broken || blockOf(previous) !== blockOf(text));
      broken = false;
      found.push({ node: text, from, to });
    }
    return { found, apart };
  };
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  // Only fields whose text can be selected and replaced: a password's is nobody's to read.
  const textTypes = ['text', 'search', 'url', ''];
  const isTextControl = (element: Element | null | undefined): element is HTMLInputElement | HTMLTextAreaElement =>
    element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && textTypes.includes(element.type));

  if (ask.of === 'selection') {
    // A selection inside a text control is the control's own (the document's selection does not hold it).
    if (isTextControl(focused) && focused.selectionStart !== focused.selectionEnd && seenElement(focused)) {
      return { pieces: [{ text: focused.value.slice(focused.selectionStart ?? 0, focused.selectionEnd ?? 0) }] };
    }
    const selection = getSelection();
    // Where each range is: Chromium's getRangeAt gives a selection made by hand inside a shadow tree (a web component's)
    // rescoped to its host, with nothing in it (the Selection API leaves getRangeAt unspecified there); getComposedRanges,
    // given the page's open shadow roots, says where it is (Chrome 137, Firefox 142). One across a shadow tree's edge
    // is read as getRangeAt gives it.
    const openRootsUnder = (under: Document | ShadowRoot): ShadowRoot[] =>
      [...under.querySelectorAll('*')].flatMap((element) => (element.shadowRoot === null ? [] : [element.shadowRoot, ...openRootsUnder(element.shadowRoot)]));
    // The page is walked for its roots only when there is a selection and a browser to ask.
    const composedRanges = selection !== null && selection.rangeCount > 0 && 'getComposedRanges' in selection ? selection.getComposedRanges({ shadowRoots: openRootsUnder(document) }) : [];
    const rangeAt = (index: number): Range => {
      const composed = composedRanges[index];
      if (composed === undefined || composed.startContainer.getRootNode() !== composed.endContainer.getRootNode()) return selection?.getRangeAt(index) as Range;
      const range = document.createRange();
      range.setStart(composed.startContainer, composed.startOffset);
      range.setEnd(composed.endContainer, composed.endOffset);
      return range;
    };
    const pieces: { text: string; href?: string; link?: HTMLAnchorElement }[] = [];
    // Text after the last piece: into it when it is of the same link (or of none), else a piece of its own.
    const add = (text: string, link?: HTMLAnchorElement) => {
      const last = pieces.at(-1);
      if (last !== undefined && last.link === link) last.text += text;
      else pieces.push(link === undefined ? { text } : { text, href: link.href, link });
    };
    let length = 0;
    for (let index = 0; index < (selection?.rangeCount ?? 0); index += 1) {
      const range = rangeAt(index);
      // Within one text, the walk starts at its element (a walker never gives back its own root).
      const common = range.commonAncestorContainer;
      const { found, apart } = seenTexts(common instanceof Element ? common : (common.parentElement ?? common), range);
      for (const [at, { node, from, to }] of found.entries()) {
        const parent = node.parentElement as Element;
        const whiteSpace = style(parent).whiteSpace;
        let text = node.data.slice(from, to);
        // Spaces as CSS shows them: runs of them one, line breaks kept only where the style keeps them.
        if (!/pre|break-spaces/.test(whiteSpace)) text = text.replace(/[\t\n\r ]+/g, ' ');
        else if (whiteSpace === 'pre-line') text = text.replace(/[\t ]+/g, ' ');
        if ((at === 0 && index > 0) || apart[at - 1] === true) {
          const before = pieces.at(-1);
          if (before !== undefined) before.text = before.text.replace(/ +$/, '');
          add('\n');
        }
        if (/[ \n]$/.test(pieces.at(-1)?.text ?? '\n')) text = text.replace(/^ /, '');
        // The link it is in, in its own tree or around its shadow tree's host.
        let anchor: Element | null = parent.closest('a[href]');
        for (let tree = parent.getRootNode(); anchor === null && tree instanceof ShadowRoot; tree = tree.host.getRootNode()) anchor = tree.host.closest('a[href]');
        add(text, anchor instanceof HTMLAnchorElement && /^https?:$/.test(anchor.protocol) ? anchor : undefined);
        length += text.length;
        // More than the caller believes is not read on.
        if (length > ask.maxLength) return { tooLong: true };
      }
    }
    const last = pieces.at(-1);
    if (last !== undefined) last.text = last.text.replace(/\s+$/, '');
    return { pieces: pieces.map(({ text, href }) => (href === undefined ? { text } : { text, href })) };
  }

  const kept = ((globalThis as { shrtnrFields?: Map<string, { field: WeakRef<HTMLElement>; texts: WeakRef<Text>[] }> }).shrtnrFields ??= new Map());
  const menus = (globalThis as { browser?: { menus?: { getTargetElement?(id: number): Element | null } } }).browser?.menus;
  const element = ask.again === true ? kept.get(ask.clickId)?.field.deref() : ask.target !== undefined ? menus?.getTargetElement?.(ask.target) : focused;
  if (isTextControl(element)) {
    // A field the page made read-only is not the user's to change (setRangeText would change it all the same).
    if (element.readOnly || element.disabled) return { problem: 'unsupported' };
    if (!seenElement(element)) return { problem: 'hidden' };
    kept.set(ask.clickId, { field: new WeakRef(element), texts: [] });
    return { kind: 'value', texts: [element.value] };
  }
  if (element instanceof HTMLInputElement) return { problem: 'unsupported' };
  if (!(element instanceof HTMLElement) || !element.isContentEditable) return { problem: 'none' };
  const host = (element.closest('[contenteditable]:not([contenteditable="false"])') ?? element) as HTMLElement;
  if (!seenElement(host)) return { problem: 'hidden' };
  const { found, apart } = seenTexts(host);
  kept.set(ask.clickId, { field: new WeakRef(host), texts: found.map(({ node }) => new WeakRef(node)) });
  return { kind: 'editable', texts: found.map(({ node }) => node.data), apart };
}
