import { browser, type Runtime } from '../platform/browser';

/**
 * Whether a message or a port comes from one of this extension's own pages:
 * its worker, popup, settings and history pages, offscreen document. The
 * sender's id is not enough: a script the extension injects into a page (to
 * read its short link, a selection or a field) has the same id, yet runs in
 * the page's renderer, which the page may have compromised (Chrome's threat
 * model for content scripts); its sender URL is the page's.
 */
export function fromOwnPages(sender: Runtime.MessageSender | undefined): boolean {
  return sender?.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(browser.runtime.getURL(''));
}
