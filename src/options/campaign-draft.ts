import type { MessageKey } from '../platform/words';
import { CAMPAIGN_KEY, MAX_CAMPAIGN_NAME, OPTIONAL_CAMPAIGN_KEYS, REQUIRED_CAMPAIGN_KEYS, MAX_CAMPAIGN_PARAMS, MAX_CAMPAIGN_VALUE, type Campaign, type CampaignParam } from '../storage/campaign';
import { MAX_CAMPAIGN_PRESETS } from '../storage/settings-schema';

/** The campaign preset form as typed: the five utm fields, and other parameters one `name=value` a line. */
export interface CampaignDraft {
  name: string;
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
  others: string;
}

export const EMPTY_DRAFT: CampaignDraft = { name: '', source: '', medium: '', campaign: '', term: '', content: '', others: '' };

/** The presets card's form: the draft, and the saved preset it edits (its name as saved; none: a new one). */
export interface CampaignForm {
  draft: CampaignDraft;
  editing?: string | undefined;
}

export const EMPTY_FORM: CampaignForm = { draft: EMPTY_DRAFT };

/** A save answered yes: the form empties, unless the user typed in it since (what they typed stays, to be saved in turn). */
export const afterSave = (form: CampaignForm, typed: CampaignDraft): CampaignForm => (form.draft === typed ? EMPTY_FORM : form);

/** What is wrong with a draft, as a message and its parameters. */
export type DraftProblem = { key: MessageKey; params: (string | number)[] };

/**
 * The preset a draft makes, or what is wrong with it (the first thing). Its
 * name may be one in `saved` (in any case): `replaces` says so, and saved
 * (withPreset) it takes that one's place. `saved` leaves out the preset being
 * edited: its own name is no other's.
 */
export function presetFromDraft(draft: CampaignDraft, saved: readonly Campaign[]): { ok: true; preset: Campaign; replaces: boolean } | { ok: false; problem: DraftProblem } {
  const name = draft.name.trim();
  if (name === '') return fail('optionsCampaignNoName');
  if (name.length > MAX_CAMPAIGN_NAME) return fail('optionsCampaignNameTooLong', MAX_CAMPAIGN_NAME);
  const fields: [string, string][] = [
    ['utm_source', draft.source],
    ['utm_medium', draft.medium],
    ['utm_campaign', draft.campaign],
    ['utm_term', draft.term],
    ['utm_content', draft.content],
  ];
  if (fields.slice(0, 3).some(([, value]) => value.trim() === '')) return fail('optionsCampaignRequired');
  const params: CampaignParam[] = fields.filter(([, value]) => value.trim() !== '').map(([key, value]) => ({ key, value: value.trim() }));
  for (const [index, line] of draft.others.split('\n').entries()) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    const key = at === -1 ? line.trim() : line.slice(0, at).trim();
    const value = at === -1 ? '' : line.slice(at + 1).trim();
    if (!CAMPAIGN_KEY.test(key) || value === '') return fail('optionsCampaignBadLine', index + 1);
    params.push({ key, value });
  }
  const seen = new Set<string>();
  for (const { key, value } of params) {
    if (seen.has(key.toLowerCase())) return fail('optionsCampaignTwice', key);
    seen.add(key.toLowerCase());
    if (value.length > MAX_CAMPAIGN_VALUE) return fail('optionsCampaignValueTooLong', key, MAX_CAMPAIGN_VALUE);
    // Half of a character (a lone surrogate) no address can carry: encodeURIComponent throws on it.
    if (!value.isWellFormed()) return fail('optionsCampaignValueBroken', key);
  }
  if (params.length > MAX_CAMPAIGN_PARAMS) return fail('optionsCampaignTooManyParams', MAX_CAMPAIGN_PARAMS);
  const replaces = saved.some((preset) => preset.name.toLowerCase() === name.toLowerCase());
  if (!replaces && saved.length >= MAX_CAMPAIGN_PRESETS) return fail('optionsCampaignTooMany', MAX_CAMPAIGN_PRESETS);
  return { ok: true, preset: { name, params }, replaces };
}

const fail = (key: MessageKey, ...params: (string | number)[]) => ({ ok: false as const, problem: { key, params } });

/** The draft that edits a saved preset. */
export function draftOf(preset: Campaign): CampaignDraft {
  const value = (key: string) => preset.params.find((param) => param.key === key)?.value ?? '';
  const named = new Set<string>([...REQUIRED_CAMPAIGN_KEYS, ...OPTIONAL_CAMPAIGN_KEYS]);
  const others = preset.params.filter((param) => !named.has(param.key)).map(({ key, value: paramValue }) => `${key}=${paramValue}`);
  return { name: preset.name, source: value('utm_source'), medium: value('utm_medium'), campaign: value('utm_campaign'), term: value('utm_term'), content: value('utm_content'), others: others.join('\n') };
}

/** Whether two presets' names are the same (in any case). */
export const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The presets once `preset` is saved, last: the one edited (`editing`, its
 * name as saved) gives way to it, so a new name renames it; and so does one
 * another preset has, which the user has agreed to replace.
 */
export function withPreset(saved: readonly Campaign[], preset: Campaign, editing: string | undefined): Campaign[] {
  return [...saved.filter(({ name }) => !sameName(name, preset.name) && (editing === undefined || !sameName(name, editing))), preset];
}
