import { soleAddress, type TextPiece } from './text-links';

// Whether a selection is one address, as a person sees it: the menu's "Shorten the links in the selection" then
// shortens it as a link is, its notification naming it (src/background/writing/selection-links.ts).

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

/** Whether every character of `part` is in `whole`, in the same order (case aside: a browser may copy text-transformed text). */
function inOrderWithin(part: string, whole: string): boolean {
  const [inPart, inWhole] = [part.toLowerCase(), whole.toLowerCase()];
  let at = 0;
  for (const character of inPart) {
    at = inWhole.indexOf(character, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * The one address the seen pieces are, or undefined. They must agree with the
 * browser's `selectionText`, taken as the menu opened: one word (pieces put
 * together could make one address of two, a space between them not drawn),
 * holding the seen text's characters in order (the page moved no selection
 * since; hidden text left out of the seen is fine). One link shown cut short
 * is its target (cutShortTarget).
 */
export function soleSeenAddress(pieces: readonly TextPiece[], selectionText: string | undefined): string | undefined {
  const browserText = selectionText?.trim() ?? '';
  const seen = pieces.map((piece) => piece.text).join('').trim();
  if (seen === '' || /\s/.test(browserText) || !inOrderWithin(withoutSpaces(seen), browserText)) return undefined;
  return soleAddress(seen) ?? cutShortTarget(pieces, seen);
}

/**
 * One link whose words show its address cut short, the rest in text made
 * invisible (Mastodon: `youtube.com/watch?v=dQw4w9…`, its scheme and `www.`
 * hidden too): its target, when the words name the target's host in full
 * and then a start of the rest. A target with a user name or a password is
 * never one: what it shows is not where it goes.
 */
export function cutShortTarget(pieces: readonly TextPiece[], seen: string): string | undefined {
  const [href, ...others] = new Set(pieces.filter((piece) => piece.text.trim() !== '').map((piece) => piece.href));
  if (href === undefined || others.length > 0) return undefined;
  const target = parsed(href);
  const shown = seen.replace(/(…|\.\.\.)$/, '').replace(/^https?:\/\//i, '');
  const hostEnd = shown.search(/[/?#]/);
  const shownHost = parsed(`https://${hostEnd === -1 ? shown : shown.slice(0, hostEnd)}`)?.host;
  if (target === undefined || target.username !== '' || target.password !== '' || shownHost === undefined) return undefined;
  if (target.host !== shownHost && target.host !== `www.${shownHost}`) return undefined;
  const shownRest = hostEnd === -1 ? '' : shown.slice(hostEnd);
  const rest = `${target.pathname}${target.search}${target.hash}`;
  return rest.startsWith(shownRest) || decoded(rest).startsWith(shownRest) ? href : undefined;
}

function parsed(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function decoded(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
