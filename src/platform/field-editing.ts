import { runInPage } from './page-reading';
import { readPageText } from './page-text';

/*
 * The text field a menu click was on, read (page-text.ts: its seen texts)
 * and changed (here) in its page with the access the click granted
 * (activeTab + scripting). Both run in the page (serialised: they may use
 * nothing from outside themselves), in the extension's isolated world, where
 * the field found at the click and its texts are kept (under the click's id,
 * held weakly) for the change that comes later: the page cannot see them, and
 * a page that navigated away has no field to change.
 */

type Edit = { text: number; start: number; end: number; replacement: string };
/** How a change went: made, not made as the field holds other text now (read it again: readField's `again`), or no field any more. */
export type Changed = { status: 'done' } | { status: 'changed' } | { status: 'gone' };

/**
 * Puts the edits in the field kept for the click, if it still holds exactly
 * `expected` (else 'changed': read again and plan again). As the page's own
 * undo steps where the browser allows it: in a focused field through
 * `execCommand('insertText')`, one step a text; a field the user has left
 * is changed as text (no undo, but its focus is not taken). The caret stays
 * where the user had it.
 */
function changeField(clickId: string, expected: string[], edits: Edit[]): Changed {
  const kept = (globalThis as { shrtnrFields?: Map<string, { field: WeakRef<HTMLElement>; texts: WeakRef<Text>[] }> }).shrtnrFields?.get(clickId);
  const field = kept?.field.deref();
  if (kept === undefined || field === undefined || !field.isConnected) return { status: 'gone' };
  let focused = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  // The text with its edits made, from `from` to `to`.
  const applied = (text: string, index: number, from: number, to: number): string => {
    let out = '';
    let at = from;
    for (const edit of edits) {
      if (edit.text !== index || edit.start < from || edit.end > to) continue;
      out += text.slice(at, edit.start) + edit.replacement;
      at = edit.end;
    }
    return out + text.slice(at, to);
  };
  // Where an offset of a text lands once its edits are made (inside a replaced address: at its end).
  const moved = (index: number, offset: number): number => {
    let shift = 0;
    for (const edit of edits) {
      if (edit.text !== index || edit.start >= offset) continue;
      if (edit.end > offset) return edit.start + shift + edit.replacement.length;
      shift += edit.replacement.length - (edit.end - edit.start);
    }
    return offset + shift;
  };
  // An address that is also its link's target (an editor that links what is typed): the target becomes the short link
  // with the text, else the short text would lead to the long address. The anchor of a text of the field, or of its copy.
  const retarget = (anchor: Element | null | undefined, index: number): void => {
    if (!(anchor instanceof HTMLAnchorElement) || (anchor.isConnected && !field.contains(anchor))) return;
    for (const edit of edits) {
      if (edit.text !== index) continue;
      try {
        if (new URL((expected[index] ?? '').slice(edit.start, edit.end)).href === anchor.href) anchor.setAttribute('href', edit.replacement);
      } catch {
        // Not an address a URL reads: no link's target.
      }
    }
  };
  const first = edits[0];
  const last = edits.at(-1);
  if (first === undefined || last === undefined) return { status: 'done' };
  if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) {
    const value = expected[0] ?? '';
    if (field.value !== value) return { status: 'changed' };
    const { selectionStart, selectionEnd, selectionDirection } = field;
    const middle = applied(value, 0, first.start, last.end);
    if (focused === field) {
      field.setSelectionRange(first.start, last.end);
      document.execCommand('insertText', false, middle);
    } else {
      field.setRangeText(middle, first.start, last.end, 'preserve');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused === field) field.setSelectionRange(moved(0, selectionStart ?? 0), moved(0, selectionEnd ?? 0), selectionDirection ?? 'none');
    return { status: 'done' };
  }
  // The texts seen when the field was read: the edits' indices are theirs. Any that changed since: read again.
  const nodes = kept.texts.map((text) => text.deref());
  if (nodes.length !== expected.length || nodes.some((node, index) => node === undefined || !node.isConnected || !field.contains(node) || node.data !== expected[index])) return { status: 'changed' };
  if (focused === null || !field.contains(focused)) {
    for (const [index, node] of (nodes as Text[]).entries()) {
      if (!edits.some((edit) => edit.text === index)) continue;
      node.data = applied(node.data, index, 0, node.data.length);
      retarget(node.parentElement?.closest('a[href]'), index);
    }
    field.dispatchEvent(new Event('input', { bubbles: true }));
    return { status: 'done' };
  }
  // Each text that holds an address is changed on its own, as text: never its markup serialised and parsed again
  // (a style's text "</style><img onerror=…>" would come back as live markup). Within one text, one step of the
  // page's undo (insertText); across markup (a bold word between two addresses) one step per text changed: the
  // browsers offer no way to make several one, so Ctrl+Z takes them back one text at a time.
  const selection = getSelection();
  const caret = selection !== null && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : undefined;
  const changed = [...new Set(edits.map((edit) => edit.text))];
  for (const index of changed) {
    const node = nodes[index] as Text;
    const mine = edits.filter((edit) => edit.text === index);
    const from = mine[0]?.start ?? 0;
    const to = mine.at(-1)?.end ?? 0;
    const before = node.data.slice(from, to);
    const after = applied(node.data, index, from, to);
    // Only what differs: the beginning and end the long and short addresses share stay, so the text never empties
    // (an editor would drop the link or the style around an emptied text).
    let head = 0;
    while (head < before.length && head < after.length && before[head] === after[head]) head += 1;
    let tail = 0;
    while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail += 1;
    const start = from + head;
    const end = to - tail;
    const text = after.slice(head, after.length - tail);
    const anchor = node.parentElement?.closest('a[href]');
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    selection?.removeAllRanges();
    selection?.addRange(range);
    if (!document.execCommand(text === '' ? 'delete' : 'insertText', false, text)) node.replaceData(start, end - start, text);
    retarget(anchor, index);
  }
  // The caret back where the user had it: in a text changed, where its offset moved to; elsewhere, untouched.
  if (caret === undefined || !caret.collapsed || !caret.startContainer.isConnected) return { status: 'done' };
  const at = (nodes as Text[]).indexOf(caret.startContainer as Text);
  selection?.collapse(caret.startContainer, changed.includes(at) ? Math.min(moved(at, caret.startOffset), (caret.startContainer as Text).data.length) : caret.startOffset);
  return { status: 'done' };
}

/**
 * The field the click was on (`target`: the element right-clicked, where the
 * browser names it), its seen texts kept for the change to come; `again`:
 * the field kept for the click, read anew. Undefined, never a rejection, when
 * the frame cannot be read. Untrusted: the page shapes what it sees.
 */
export async function readField(tabId: number, frameId: number, field: { clickId: string; target?: number; again?: boolean }): Promise<unknown> {
  // Chromium names no element right-clicked and says the click as its native menu closes: until the page's window
  // has the focus back, the field the user right-clicked may not be its focused element yet (seen on a loaded machine).
  if (field.target === undefined && field.again !== true) await runInPage(tabId, frameId, focusBack, [], true);
  return runInPage(tabId, frameId, readPageText, [{ of: 'field', ...field }], field.again !== true);
}

/** Runs in the page: resolves once its document has the focus, or after half a second (a page in the background). */
function focusBack(): boolean | Promise<boolean> {
  if (document.hasFocus()) return true;
  return new Promise((resolve) => {
    addEventListener('focus', () => resolve(true), { once: true });
    setTimeout(() => resolve(false), 500);
  });
}

/** Changes the field kept for the click (see changeField); untrusted, as what the page says: the caller checks it. */
export async function changeFieldText(tabId: number, frameId: number, clickId: string, expected: string[], edits: Edit[]): Promise<unknown> {
  return (await runInPage(tabId, frameId, changeField, [clickId, expected, edits])) ?? { status: 'gone' };
}
