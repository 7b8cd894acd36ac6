/**
 * The modules of src/ that only a browser runs, each with the end-to-end file that runs it and
 * names it: entries that wire the browser's events to the code the unit tests cover, pages' own
 * start-up, the door to the browser itself, and what runs inside a web page. A coverage run
 * (`npm test`) fails when a module no test runs is not here, or one here is run by a test
 * (test/support/untested-modules.ts); test/unit/browser-only-modules.test.ts checks each end-to-end
 * file exists and names its modules.
 */
export const BROWSER_ONLY: Readonly<Record<string, { e2e: string; why: string }>> = {
  'src/background/delivery/clipboard.ts': { e2e: 'test/e2e/context-menu-and-shortcut.test.ts', why: "the worker's clipboard: Chrome's offscreen document, Firefox's background page" },
  'src/background/entries/bulk-port.ts': { e2e: 'test/e2e/bulk.test.ts', why: "the worker's end of the popup's tabs-run port" },
  'src/background/runs/run-wish.ts': { e2e: 'test/e2e/bulk.test.ts', why: "a tabs run wished for while Chrome's permission prompt is open" },
  'src/background/testing/e2e-hooks.ts': { e2e: 'test/e2e/context-menu-and-shortcut.test.ts', why: 'in the e2e build only: what the end-to-end tests call' },
  'src/background/testing/e2e-main.ts': { e2e: 'test/e2e/context-menu-and-shortcut.test.ts', why: "in the e2e build only: that build's worker entry, the real worker and the hooks" },
  'src/background/testing/e2e-values.ts': { e2e: 'test/e2e/faults.test.ts', why: "in the e2e build only: that build's timing, which the end-to-end tests read" },
  'src/background/testing/e2e-timing.ts': { e2e: 'test/e2e/context-menu-and-shortcut.test.ts', why: "in the e2e build only: that build's request timeout and wake-up alarm delay" },
  'src/background/writing/deliver-text.ts': { e2e: 'test/e2e/writing.test.ts', why: 'text written back into a page' },
  'src/background/writing/field-links.ts': { e2e: 'test/e2e/writing.test.ts', why: "a field's links, read from and written into the page" },
  'src/background/writing/text-addresses.ts': { e2e: 'test/e2e/writing.test.ts', why: "a text's addresses shortened for a click in a page" },
  'src/history/extension-connector.ts': { e2e: 'test/e2e/history.test.ts', why: "the history page's connector to the browser" },
  'src/history/main.tsx': { e2e: 'test/e2e/history.test.ts', why: "the history page's start" },
  'src/list/extension-connector.ts': { e2e: 'test/e2e/list.test.ts', why: "the list page's connector to the browser: its port, its reconnection after the worker stops" },
  'src/list/main.tsx': { e2e: 'test/e2e/list.test.ts', why: "the list page's start" },
  'src/options/main.tsx': { e2e: 'test/e2e/options.test.ts', why: "the settings page's start" },
  'src/platform/browser.ts': { e2e: 'test/e2e/popup.test.ts', why: 'the one door to the WebExtension API (the polyfill throws outside an extension)' },
  // Field editing's second half: its plan (which texts, which offsets) is src/shortening/field-edits.ts, unit-tested.
  'src/platform/field-editing.ts': { e2e: 'test/e2e/writing.test.ts', why: "puts the plan into the field, inside the page, injected into its document" },
  'src/platform/i18n.ts': { e2e: 'test/e2e/languages.test.ts', why: "the browser's own i18n catalogue, in the user's language" },
  'src/popup/main.tsx': { e2e: 'test/e2e/popup.test.ts', why: "the popup's start" },
  'src/ui/adopt-language.ts': { e2e: 'test/e2e/languages.test.ts', why: "a page taking the browser's language and direction" },
};
