import { browserWords } from '../../platform/i18n';
import type { Menus, Tabs } from '../../platform/browser';
import { changeFieldText, readField } from '../../platform/field-editing';
import { asFieldTexts, changeStatus, fieldAddresses, fieldAnswer, fieldEdits, replacedAddresses, type FieldTexts } from '../../shortening/field-edits';
import type { ShortLinkOf } from '../../shortening/text-links';
import { badgeJobFinished } from '../delivery/badge';
import { clickNow } from '../delivery/clipboard-rule';
import { notifySentence } from '../delivery/notify';
import { replacedSummary, type TextOutcome } from './deliver-text';
import { reportTextFailure } from './text-error';
import { shortenTextAddresses, shortLinkIn } from './text-addresses';

/** Times the field is read again when the user typed between its reading and its change. */
const CHANGE_TRIES = 3;

/**
 * "Shorten the links in this field": every address in the text area, text
 * input or editable block the menu was opened on is shortened (through the
 * history cache and the queue), then replaced in the field itself, as one
 * step of the page's undo where the browser allows it. The field may change
 * while its links wait: only addresses still there exactly as they were are
 * replaced, and nothing typed meanwhile is lost or moved. Nothing is copied.
 */
export async function shortenFieldLinks(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<TextOutcome> {
  const click = clickNow();
  const place = { tabId: tab?.id ?? -1, frameId: info.frameId ?? 0, clickId: crypto.randomUUID() };
  // The element right-clicked where the browser names it (Firefox); else the focused one, which the page may have
  // moved as the menu opened (Chromium says no more): then it is refused when no one can see it.
  const target = info.targetElementId === undefined ? {} : { target: info.targetElementId };
  const read = tab?.id === undefined ? undefined : await readField(place.tabId, place.frameId, { clickId: place.clickId, ...target });
  const field = fieldAnswer(read);
  if (field === 'hidden') return reportTextFailure({ kind: 'field-hidden' });
  if (field === undefined) return reportTextFailure({ kind: 'field-unreadable' });
  const urls = fieldAddresses(field);
  const shortened = await shortenTextAddresses(urls, { via: 'menu-field', private: tab?.incognito ?? false, fresh: false }, click, { kind: 'no-links-in-field' });
  if ('status' in shortened) return shortened;
  const { results } = shortened;
  const replaced = await putInField(place, field, shortLinkIn(results));
  const words = browserWords();
  if (replaced === undefined) {
    const sentence = words.t('notifyFieldGone');
    await Promise.all([badgeJobFinished({ ok: false, sentence }), notifySentence('notifyFieldGoneTitle', sentence)]);
    return { status: 'not-copied', made: 0, found: urls.length };
  }
  const { made, found, failed, summary } = replacedSummary(results, words, replaced);
  await Promise.all([
    failed === 0 ? badgeJobFinished({ ok: true, copied: false, placed: true }) : badgeJobFinished({ ok: false, sentence: summary }),
    notifySentence('notifyFieldTitle', summary),
  ]);
  return { status: 'placed', made, found };
}

/**
 * Replaces in the field each address still there that got a short link,
 * planned on the field as it is when the change is made (read again if the
 * user typed in between). How many distinct addresses were replaced; undefined when the field is gone.
 */
async function putInField(place: { tabId: number; frameId: number; clickId: string }, read: FieldTexts, shortLinkOf: ShortLinkOf): Promise<number | undefined> {
  let field = read;
  for (let tries = 0; tries < CHANGE_TRIES; tries += 1) {
    const edits = fieldEdits(field, shortLinkOf);
    const status = changeStatus(await changeFieldText(place.tabId, place.frameId, place.clickId, field.texts, edits));
    if (status === 'done') return replacedAddresses(field, edits);
    // The field kept for the click, read anew (never the one focused now: the user may be typing elsewhere).
    const now = status === 'changed' ? asFieldTexts(await readField(place.tabId, place.frameId, { clickId: place.clickId, again: true })) : undefined;
    if (now === undefined) return undefined;
    field = now;
  }
  return undefined;
}
