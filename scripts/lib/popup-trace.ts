// The browser's own trace of a popup's opening (CDP Tracing, every process):
// what happens between the popup's navigation and its first contentful
// paint, as moments on the trace's clock from the popup's navigationStart
// (scripts/trace-popup.ts prints them; docs/performance.md, "What the trace shows").
import type { CDPSession } from 'playwright-core';
import { TIMING_MARKS } from '../../src/platform/timing';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; layer?: string; data?: Record<string, unknown> };
}

/**
 * What the moments are read from: the renderer's loading, parsing, painting and script, and the browser's
 * windows. Few on purpose: with V8's and the compositor's categories on, the trace slowed the popup by 15-20 ms.
 */
export const MOMENT_CATEGORIES = ['devtools.timeline', 'blink.user_timing', 'loading', 'views', 'extensions'];

/** Traces every process of the browser while `act` runs (browser-level CDP session), and returns the events. */
export async function traced(cdp: CDPSession, act: () => Promise<void>, categories = MOMENT_CATEGORIES): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' } });
  try {
    await act();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/** Where the popup's page stands at each moment, in ms from its navigationStart; undefined when it never happened. */
export interface PopupMoments {
  /** The page committed: its HTML starts to arrive. */
  committed?: number;
  /** The stylesheets in: the last render-blocking resource, after which the page may render. */
  stylesLoaded?: number;
  /** The renderer paints the document for the first time (the shell, in a display list: not yet on screen). */
  firstPainted?: number;
  /** The first script (a module's evaluation, or a classic script) starts to run. */
  firstScript?: number;
  /** The page's load event ends: every script the page's markup named, and what they imported statically, has run. */
  loaded?: number;
  /** The browser shows the popup's window (views' Widget::Show of the ExtensionPopup layer). */
  shown?: number;
  /** The first contentful paint, as the page's Paint Timing reports it: the frame presented. */
  firstContentfulPaint?: number;
  /** The popup asks the browser for something (tabs.query: the first step of the first attempt). */
  firstApiCall?: number;
  /** The short link on screen (the popup's own mark, when it sets one). */
  linkShown?: number;
  /** Script files fetched before the load event, and when the last of them finished. */
  scriptsBeforeLoad: number;
  lastScriptBeforeLoad?: number;
}

const isMain = (threads: Map<string, string>, event: TraceEvent) => threads.get(`${event.pid}:${event.tid}`) === 'CrRendererMain';

/** The moments of the popup whose URL starts with `popupUrl`, from a trace of its opening. */
export function popupMoments(events: TraceEvent[], popupUrl: string): PopupMoments {
  const threads = new Map(events.filter((event) => event.ph === 'M' && event.name === 'thread_name').map((event) => [`${event.pid}:${event.tid}`, String(event.args?.name)]));
  const start = events.find((event) => event.name === 'navigationStart' && String(event.args?.data?.documentLoaderURL ?? '').startsWith(popupUrl));
  if (start === undefined) throw new Error(`No navigationStart of ${popupUrl} in the trace.`);
  const after = (event: TraceEvent) => event.ts >= start.ts;
  // The extension's origin (URL's origin is "null" for a chrome-extension: URL in Node).
  const origin = `chrome-extension://${new URL(popupUrl).host}/`;
  const page = events.filter((event) => event.pid === start.pid && after(event)).toSorted((a, b) => a.ts - b.ts);
  const main = page.filter((event) => isMain(threads, event));
  const at = (event: TraceEvent | undefined) => (event === undefined ? undefined : (event.ts - start.ts) / 1000);
  const first = (name: string, from: TraceEvent[] = main) => from.find((event) => event.name === name);

  const urls = new Map(main.filter((event) => event.name === 'ResourceSendRequest').map((event) => [String(event.args?.data?.requestId), String(event.args?.data?.url)]));
  const finished = (extension: string) => main.filter((event) => event.name === 'ResourceFinish' && (urls.get(String(event.args?.data?.requestId)) ?? '').endsWith(extension));
  const loaded = main.find((event) => event.name === 'loadEventEnd' && after(event));
  const scriptsBeforeLoad = finished('.js').filter((event) => loaded === undefined || event.ts <= loaded.ts);
  const shown = events.find((event) => event.name === 'Widget::Show' && event.args?.layer === 'ExtensionPopup' && after(event));
  return {
    committed: at(first('commitNavigationEnd')),
    stylesLoaded: at(finished('.css').at(-1)),
    firstPainted: at(main.find((event) => event.name === 'Paint' && event.args?.data?.nodeName === '#document')),
    // A module's evaluation, or a classic script of the page's own (the extension's bindings run unnamed scripts too).
    firstScript: at(main.find((event) => event.name === 'v8.evaluateModule' || (event.name === 'EvaluateScript' && String(event.args?.data?.url ?? '').startsWith(origin)))),
    loaded: at(loaded),
    shown: at(shown),
    firstContentfulPaint: at(first('firstContentfulPaint')),
    firstApiCall: at(first('NativeExtensionBindingsSystem::SendRequest')),
    linkShown: at(first(TIMING_MARKS.popupShortUrlShown)),
    scriptsBeforeLoad: scriptsBeforeLoad.length,
    lastScriptBeforeLoad: at(scriptsBeforeLoad.at(-1)),
  };
}
