import { browser, type Omnibox } from '../../platform/browser';
import { browserWords } from '../../platform/i18n';
import { suggestionDescription, typedLinkLine } from '../../platform/omnibox-text';
import { search, searchIndex, type SearchIndex } from '../../shortening/history-search';
import { entryLabel } from '../../shortening/entry-label';
import { isOneAddress } from '../../shortening/text-links';
import { historyShortening } from '../../shortening/shortening';
import { IMPORTED, type HistoryEntry } from '../../storage/history-entry';
import type { Words } from '../../platform/words';
import { copyChosenLink, shortenAndCopy, type BackgroundOutcome } from '../delivery/deliver';
import { reportFailure, type Failed } from '../delivery/failure';
import { backgroundHistory, historyFailed } from '../service/history-access';
import { errorText } from '../../platform/error-text';
import { tellShown } from '../delivery/shown';

/**
 * The address bar's keyword (`sh`, then a space): a link typed and entered
 * is shortened and copied, as the shortcut does; words suggest the links of
 * history that match them (short link and title), and entering one copies
 * it. Only links made on this machine are suggested: an imported file's
 * would be copied in one keystroke with no word of where it came from.
 */
const MAX_SUGGESTIONS = 6;
/** How long words wait for the next keystroke before they are searched: shorter than the pause of a person between two words. */
const TYPING_PAUSE_MS = 100;

// History as searched in one input session: read as the session starts, dropped when it ends.
let session: Promise<SearchIndex> | undefined;
const historyIndex = (): Promise<SearchIndex> =>
  (session ??= backgroundHistory()
    .all()
    .then(({ entries }) => searchIndex(entries.filter((entry) => entry.origin !== IMPORTED))));

/**
 * The keyword typed: history is read now, while the words are typed, not at the first word. Chrome stops listening
 * for an extension's suggestions 1.5 s after the last keystroke (AutocompleteController's stop timer): on a loaded
 * machine, reading history at the last word made them come too late to be shown at all.
 */
export function onOmniboxStarted(): void {
  session = undefined;
  // A failed read fails the first search that awaits it, which says so; here it is only started.
  historyIndex().catch(() => undefined);
  suggestByDefault(suggestionDescription(browserWords().t('omniboxHint')));
}

/** History's index for this input session, or why it could not be read. */
function readIndex(): Promise<{ index: SearchIndex } | { unreadable: string }> {
  return historyIndex().then(
    (index) => ({ index }),
    (error: unknown) => ({ unreadable: errorText(error) }),
  );
}

/** The address bar's first line as last sent, and the browser's answer to it. */
let firstLine: { description: string; taken: Promise<unknown> } | undefined;

/**
 * The address bar's first line, under what is typed: sent only when it changes. The browser keeps it from keystroke to
 * keystroke, and Chrome parses each line sent in a new process of its own, as it does each batch of suggestions. A
 * line sent at every key doubled those processes: on a loaded machine the last key's suggestions then came after
 * Chrome had stopped listening (1.5 s after the last key), and the list showed none. Told (delivery/shown.ts) once the
 * browser has taken it, as `shown` (a link typed filled in): the e2e tests wait for it before a key.
 */
function suggestByDefault(description: string, { typed, shown = description }: { typed?: string; shown?: string } = {}): void {
  if (firstLine?.description !== description) {
    // Chrome answers with a promise, settled once it has parsed the line; Firefox (plain text) with nothing. The types say void.
    const taken: unknown = browser.omnibox.setDefaultSuggestion({ description });
    firstLine = { description, taken: Promise.resolve(taken) };
  }
  const line = firstLine;
  line.taken.then(
    () => tellShown({ surface: 'omnibox', text: shown, ...(typed === undefined ? {} : { typed }) }),
    // Not taken: sent again the next time it is wanted.
    () => {
      if (firstLine === line) firstLine = undefined;
    },
  );
}

export function onOmniboxCancelled(): void {
  session = undefined;
}

/**
 * The latest input's number. Words wait for history (read at the session's
 * first search, slow on a busy machine) and a link does not: a search that
 * ends after a later keystroke's answer is dropped, or its "no match" would
 * stand under the whole link typed since (seen in Firefox under load).
 */
let latestInput = 0;

export async function onOmniboxChanged(text: string, suggest: (results: Omnibox.SuggestResult[]) => void): Promise<void> {
  latestInput += 1;
  const input = latestInput;
  const { t } = browserWords();
  const typed = text.trim();
  if (typed === '' || isOneAddress(typed)) {
    if (typed === '') suggestByDefault(suggestionDescription(t('omniboxHint')));
    else {
      const { description, shown } = typedLinkLine(t('omniboxShortenTyped'), typed);
      suggestByDefault(description, { shown });
    }
    suggest([]);
    return;
  }
  const read = await readIndex();
  // Words are answered once the typing pauses: of keystrokes less than TYPING_PAUSE_MS apart only the last is. Chrome
  // parses each batch of suggestions in a new process of its own, and drops one that comes over 1.5 s after the last
  // key: one batch a key (twelve for "GUIDE garden") made the last come too late on a loaded machine.
  await new Promise<void>((resolve) => setTimeout(resolve, TYPING_PAUSE_MS));
  if (input !== latestInput) return;
  if ('unreadable' in read) {
    suggest([]);
    suggestByDefault(suggestionDescription(t('historyLoadFailed', read.unreadable)), { typed });
    return;
  }
  const found = search(read.index, typed).slice(0, MAX_SUGGESTIONS);
  const suggestions = found.map((entry) => ({ content: entry.shortUrl, description: suggestionDescription(suggestionLabel(entry, t), entry.shortUrl) }));
  for (const { description } of suggestions) tellShown({ surface: 'omnibox-suggestion', text: description, typed });
  suggest(suggestions);
  suggestByDefault(suggestionDescription(found.length === 0 ? t('omniboxNoMatch') : t('omniboxCopyFirst')), { typed });
}

/** A suggestion's words: the entry's title (or address), and, for a page's own short link, that it is one and on which host (the page chose it, not the user's server). */
function suggestionLabel(entry: HistoryEntry, t: Words['t']): string {
  const { text } = entryLabel(entry);
  return entry.pageOwn === true ? t('omniboxPageOwn', text, new URL(entry.shortUrl).host) : text;
}

/** What entering does: a link's outcome, or words that match no link in history (the address bar's own failure, said here). */
export type OmniboxOutcome = BackgroundOutcome | Failed<{ kind: 'no-history-match' } | { kind: 'history-unreadable'; detail: string }>;

/** What was entered: a suggestion (its short link) or words are copied from history; a link is shortened and copied. */
export async function onOmniboxEntered(text: string): Promise<OmniboxOutcome> {
  const typed = text.trim();
  // History that cannot be read (Firefox set never to remember it, say) costs no typed link its shortening, as from every way in.
  const read = await readIndex();
  if ('unreadable' in read) historyFailed('read')(read.unreadable);
  session = undefined;
  const index = 'index' in read ? read.index : searchIndex([]);
  const chosen = index.entries.find((entry) => entry.shortUrl === typed) ?? (isOneAddress(typed) ? undefined : search(index, typed)[0]);
  if (chosen !== undefined) return copyChosenLink(historyShortening(chosen));
  if (!isOneAddress(typed)) {
    const { t } = browserWords();
    if ('unreadable' in read) return reportFailure({ kind: 'history-unreadable', detail: read.unreadable }, t('historyLoadFailed', read.unreadable));
    return reportFailure({ kind: 'no-history-match' }, t('errorNoHistoryMatch'));
  }
  // The window it was typed in says whether it is private (nothing is recorded from one).
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return shortenAndCopy({ url: typed, via: 'omnibox', private: tab?.incognito ?? false, fresh: false });
}
