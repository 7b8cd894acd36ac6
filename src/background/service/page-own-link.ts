import { readPageShortLinks } from '../../platform/page-reading';
import { onPageSite, pageLinkHosts, pageShortLink, SHORT_LINK_RELS, type PageLinkOffer } from '../../shortening/page-short-link';
import { historyEntryFor, pageShortening, type PreparedUrl, type Shortening, type ShortenRequest } from '../../shortening/shortening';
import { localArea } from '../../storage/extension-storage';
import { isAccepted, readPageLinkHosts } from '../../storage/page-link-hosts';
import { keepInHistory } from './history-access';
import { errorText } from '../../platform/error-text';

/** Who asks about a page, and who hears its own short link when it is offered rather than used (the popup). */
export interface PageAsker {
  /** The tab whose page the request's URL is (the popup, "Shorten this page", the shortcut, a tabs run): its own short link may be read. */
  pageTab?: number;
  onPageShortLink?(offer: PageLinkOffer): void;
}

/**
 * The page's own short link when it is to be used instead of a request: the
 * setting is on, and the link is on the page's own site or on a host the user
 * accepted for the page's. Else undefined, at once when the setting is off (the
 * page is read beside the request, and its link offered), or once read: a link
 * on another host is offered, the popup asking whether to use such links.
 * Never read for a request that wants a new link from the server, nor for one
 * tagged with a campaign (the page's link carries no tags).
 */
export async function pageLinkToUse(request: ShortenRequest, asker: PageAsker, use: boolean): Promise<string | undefined> {
  const tab = asker.pageTab;
  if (tab === undefined || request.fresh || request.campaign !== undefined || !(use || asker.onPageShortLink)) return undefined;
  const declared = readPageShortLinks(tab, SHORT_LINK_RELS).then((found) => pageShortLink(found, request.url));
  if (!use) {
    void declared.then((shortUrl) => shortUrl !== undefined && asker.onPageShortLink?.({ shortUrl }));
    return undefined;
  }
  const shortUrl = await declared;
  if (shortUrl === undefined) return undefined;
  const hosts = pageLinkHosts(request.url, shortUrl);
  if (onPageSite(hosts)) return shortUrl;
  const accepted = await readPageLinkHosts(localArea).catch((error: unknown) => {
    // Unreadable acceptances are none: the link is offered, not used.
    console.warn('Shrtnr: the short-link hosts accepted could not be read.', errorText(error));
    return [];
  });
  if (isAccepted(accepted, hosts)) return shortUrl;
  // Said on the worker's console, hosts only (never the page's link itself): why the server's link is made instead.
  console.warn(`Shrtnr: page link on ${hosts.link} not accepted for ${hosts.page} (${accepted.length} accepted).`);
  asker.onPageShortLink?.({ shortUrl, ask: hosts });
  return undefined;
}

/** The page's own link, used: recorded in history as such, by no account (unless history is off or the window private). */
export async function keepPageLink(shortUrl: string, prepared: PreparedUrl, request: ShortenRequest, history: boolean): Promise<Shortening> {
  const shortening = pageShortening(shortUrl, prepared, request);
  const entry = historyEntryFor(shortening, request, { history }, Date.now());
  if (entry !== undefined) await keepInHistory(entry);
  return shortening;
}
