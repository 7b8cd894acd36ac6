import { titled } from '../shortening/shorten-request';
import type { PageLinkOffer, PopupConnector, PopupTab, ShortenAnswer, ShortenProgress, ShortenRequest } from './popup-connector';
import type { UrlSource } from './popup-state';
import { relay, type Relay } from './relay';

// The popup's first attempt: it starts before the first render, and the first
// render waits for the worker's first word on it.

export interface FirstAttempt {
  tab: PopupTab | undefined;
  request: ShortenRequest | undefined;
  answer: Promise<ShortenAnswer> | undefined;
  /** Where the first attempt stands while it waits: reported before the view listens, too. */
  progress?: Relay<ShortenProgress>;
  /** The tab's page's own short link, when it declares one: heard before the view listens, too. */
  pageLink?: Relay<PageLinkOffer>;
}

/** The first attempt's answer, when it came before the first render (a link from history comes in milliseconds). */
export interface ReadyAnswer {
  request: ShortenRequest;
  answer: ShortenAnswer;
}

/** A request for a link the popup sends for the first time: history may answer it (a new link asks for `fresh`). */
export function requestFor(url: string, source: UrlSource, tab: PopupTab | undefined): ShortenRequest {
  return {
    url,
    via: source === 'tab' ? 'popup-tab' : 'popup-typed',
    ...(source === 'tab' ? titled(tab?.title) : {}),
    // A link typed in a private window's popup is not recorded either; a window
    // that could not be read at all counts as private (fails closed: nothing recorded).
    private: tab?.private ?? true,
    fresh: false,
  };
}

/** Starts on the current tab before anything renders, to save the popup's first frames. */
export function startFirstAttempt(connector: PopupConnector): Promise<FirstAttempt> {
  const none = { tab: undefined, request: undefined, answer: undefined };
  return connector.currentTab().then(
    (tab) => {
      if (tab.url === undefined) return { ...none, tab };
      const request = requestFor(tab.url, 'tab', tab);
      const progress = relay<ShortenProgress>();
      const pageLink = relay<PageLinkOffer>();
      const page = tab.id === undefined ? undefined : { tab: tab.id, onShortLink: pageLink.report };
      performance.mark('shrtnr:popup-asked');
      return { tab, request, answer: connector.shorten(request, progress.report, page), progress, pageLink };
    },
    () => none,
  );
}

/**
 * Waits for the worker's first word on the first attempt, then the popup renders:
 * its answer (a link history holds, or a failure found before any request) goes
 * into the first render; its first progress (the link is on its way to the
 * server) means the spinner. Undefined too when there is nothing to shorten, or
 * when the worker has said nothing within `patienceMs` (it is starting slowly,
 * and a spinner beats an empty popup).
 */
export async function firstWord(firstAttempt: Promise<FirstAttempt>, patienceMs: number): Promise<ReadyAnswer | undefined> {
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = window.setTimeout(resolve, patienceMs);
  });
  const spoke = firstAttempt.then(({ request, answer, progress }) => {
    if (request === undefined || answer === undefined) return undefined;
    return new Promise<ReadyAnswer | undefined>((resolve) => {
      progress?.listen(() => resolve(undefined));
      void answer.then((settled) => resolve({ request, answer: settled }));
    });
  });
  try {
    return await Promise.race([spoke, late]);
  } finally {
    clearTimeout(timer);
  }
}

