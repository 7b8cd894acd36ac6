// @vitest-environment happy-dom
// What the token audit reads of a page beyond its markup, without a browser:
// fields' values and shadow roots (Firefox's reader, run here in happy-dom),
// and Chromium's DOM snapshot turned into the same readings.
import { afterEach, describe, expect, it } from 'vitest';
import { readDocument, readingsOfSnapshot, type DomSnapshot } from '../support/page-reading';

afterEach(() => {
  document.body.replaceChildren();
});

describe("readDocument, Firefox's reader of a page", () => {
  it('reads the values script gave fields, and shadow roots at any depth, which the markup does not show', () => {
    const input = document.body.appendChild(document.createElement('input'));
    input.id = 'typed';
    input.value = 'in-a-field';
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>in-a-shadow-root</p><div></div><textarea></textarea>';
    (shadow.querySelector('textarea') as HTMLTextAreaElement).value = 'in-a-shadow-field';
    (shadow.querySelector('div') as HTMLDivElement).attachShadow({ mode: 'open' }).innerHTML = '<b>deeper</b>';

    const reading = readDocument(document);
    expect(document.documentElement.outerHTML).not.toContain('in-a-field');
    expect(reading.url).toBe(document.URL);
    expect(reading.fields).toEqual([
      { field: 'input#typed', value: 'in-a-field' },
      { field: 'textarea', value: 'in-a-shadow-field' },
    ]);
    expect(reading.content).toContain('<p>in-a-shadow-root</p>');
    expect(reading.content).toContain('<b>deeper</b>');
  });
});

describe("readingsOfSnapshot, Chromium's DOM snapshot as readings", () => {
  it('gives each document its fields by element and id, and its texts and attributes apart from them', () => {
    const strings = ['https://page.test/', 'INPUT', 'id', 'token-field', 'typed value', '#text', 'shown text', 'TEXTAREA', 'area value', 'about:srcdoc', 'framed'];
    const snapshot: DomSnapshot = {
      strings,
      documents: [
        {
          documentURL: 0,
          nodes: {
            nodeName: [1, 5, 7],
            nodeValue: [-1, 6, -1],
            attributes: [[2, 3], [], []],
            inputValue: { index: [0], value: [4] },
            textValue: { index: [2], value: [8] },
          },
        },
        { documentURL: 9, nodes: { nodeName: [5], nodeValue: [10] } },
      ],
    };
    expect(readingsOfSnapshot(snapshot)).toEqual([
      {
        url: 'https://page.test/',
        fields: [
          { field: 'input#token-field', value: 'typed value' },
          { field: 'textarea', value: 'area value' },
        ],
        content: 'shown text\nid\ntoken-field',
      },
      { url: 'about:srcdoc', fields: [], content: 'framed' },
    ]);
  });
});
