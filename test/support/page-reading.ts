/**
 * What the token audit reads of a page beyond the markup its watcher sends as
 * the page changes: a field's value (script and typing change it, not the
 * markup: `setRangeText`, `execCommand('insertText')`, a key press), and what
 * shadow roots and frames hold. Read at the end of each test from every page
 * still open.
 */
export interface PageReading {
  url: string;
  /** Each field's value, by the field (`input#token`, `textarea`...). */
  fields: { field: string; value: string }[];
  /** The text of the document, its shadow roots and (in Chromium) its frames, outside the fields. */
  content: string;
}

/**
 * Page-side source, shared by both browsers' watchers: sends the document's
 * markup (through `send`, which the watcher puts in scope) now and on every
 * change, so a page that closes before the audit has still been read.
 */
export const MARKUP_WATCHER = `
  let last = '';
  const post = () => {
    const markup = document.documentElement ? document.documentElement.outerHTML : '';
    if (markup !== last) { last = markup; send(JSON.stringify({ url: location.href, markup })); }
  };
  new MutationObserver(post).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  post();
`;

/**
 * Reads a document where it runs (Firefox: every frame of every tab, and the
 * extension's own views from an extension page): its markup, every field's
 * value, and every shadow root's markup at any depth: the open ones, and the
 * closed ones where the caller may reach them (`openOrClosedShadowRoot`, which
 * Firefox gives extension pages, not WebDriver BiDi's scripts in a web page).
 * Frames are read where they run. No named helpers inside: it is sent to the browser as source.
 */
export function readDocument(root: Document): PageReading {
  const fields: PageReading['fields'] = [];
  const content = [root.documentElement?.outerHTML ?? ''];
  const roots: (Document | ShadowRoot)[] = [root];
  for (let next = roots.pop(); next !== undefined; next = roots.pop()) {
    for (const element of next.querySelectorAll('*')) {
      // Not `instanceof`: an extension view's elements come from another window's globals.
      if (['input', 'textarea', 'select'].includes(element.localName)) {
        const { value } = element as HTMLInputElement;
        if (value !== '') fields.push({ field: element.id === '' ? element.localName : `${element.localName}#${element.id}`, value });
      }
      const shadow = (element as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot ?? element.shadowRoot;
      if (shadow !== null) {
        content.push(shadow.innerHTML);
        roots.push(shadow);
      }
    }
  }
  return { url: root.URL, fields, content: content.join('\n') };
}

/** Chromium's DOMSnapshot.captureSnapshot answer (the parts read here): strings are indices into `strings`. */
export interface DomSnapshot {
  strings: string[];
  documents: {
    documentURL: number;
    nodes: {
      nodeName?: number[];
      nodeValue?: number[];
      attributes?: number[][];
      inputValue?: { index: number[]; value: number[] };
      textValue?: { index: number[]; value: number[] };
    };
  }[];
}

/**
 * A page as Chromium's DOM snapshot has it: every document of the page (its
 * frames in the same process too), with its shadow roots, closed ones
 * included, flattened into it; every text and attribute, and the value of
 * each input and text area.
 */
export function readingsOfSnapshot({ strings, documents }: DomSnapshot): PageReading[] {
  const text = (index: number | undefined) => (index === undefined || index < 0 ? '' : (strings[index] ?? ''));
  return documents.map(({ documentURL, nodes }) => {
    const fieldOf = (node: number) => {
      const attributes = nodes.attributes?.[node] ?? [];
      const id = attributes.findIndex((name, at) => at % 2 === 0 && text(name) === 'id');
      const name = text(nodes.nodeName?.[node]).toLowerCase();
      return id === -1 ? name : `${name}#${text(attributes[id + 1])}`;
    };
    const fields = [nodes.inputValue, nodes.textValue].flatMap((values) =>
      (values?.index ?? []).map((node, at) => ({ field: fieldOf(node), value: text(values?.value[at]) })).filter(({ value }) => value !== ''),
    );
    const content = [...(nodes.nodeValue ?? []), ...(nodes.attributes ?? []).flat()].map(text).filter((part) => part !== '');
    return { url: text(documentURL), fields, content: content.join('\n') };
  });
}
