import { browser, type Runtime } from '../platform/browser';

/**
 * Whether a message or a port comes from one of this extension's own pages:
 * its worker, popup, settings and history pages, offscreen document. The
 * sender's id is not enough: a script the extension injects into a page (to
 * read its short link, a selection or a field) has the same id, yet runs in
 * the page's renderer, which the page may have compromised (Chrome's threat
 * model for content scripts); its sender URL is the page's, and it has a tab.
 * Chrome gave no URL for a message from the service worker before mid-2025
 * (w3c/webextensions#851): this extension's sender with no URL and no tab is
 * its worker.
 */
export function fromOwnPages(sender: Runtime.MessageSender | undefined): boolean {
  if (sender?.id !== browser.runtime.id) return false;
  if (sender.url === undefined) return sender.tab === undefined;
  return sender.url.startsWith(browser.runtime.getURL(''));
}
