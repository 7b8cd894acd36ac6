import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings-schema';
import { reconcile, SYNCED_KEYS, type SyncState } from './synced-preferences';

const NOW = 1_800_000_000_000;
const local = Object.fromEntries(SYNCED_KEYS.map((key) => [key, DEFAULT_SETTINGS[key]])) as SyncState['local'];
const agreed = { ...local } as SyncState['base'];
const syncedAll = (at: number) => Object.fromEntries(SYNCED_KEYS.map((key) => [key, { value: DEFAULT_SETTINGS[key], at }])) as SyncState['synced'];
const valid = () => true;

describe('preferences reconciled with sync', () => {
  it('gives every preference of the first machine to an empty sync, stamped now', () => {
    const actions = reconcile({ local, base: {}, synced: {} }, NOW, valid);
    expect(actions).toEqual(SYNCED_KEYS.map((key) => ({ kind: 'give', key, item: { value: DEFAULT_SETTINGS[key], at: NOW } })));
  });

  it('lets a new machine take what sync holds: the preferences follow the user', () => {
    const synced = { ...syncedAll(NOW - 5_000), copyFormat: { value: 'markdown', at: NOW - 5_000 } };
    expect(reconcile({ local, base: {}, synced }, NOW, valid)).toEqual([{ kind: 'take', key: 'copyFormat', value: 'markdown' }]);
  });

  it("takes another machine's change, gives this machine's, and nothing when both agree", () => {
    const synced = { ...syncedAll(NOW - 9_000), autoCopy: { value: false, at: NOW - 1_000 } };
    expect(reconcile({ local, base: agreed, synced }, NOW, valid)).toEqual([{ kind: 'take', key: 'autoCopy', value: false }]);
    expect(reconcile({ local: { ...local, history: false }, base: agreed, synced: syncedAll(NOW - 9_000) }, NOW, valid)).toEqual([
      { kind: 'give', key: 'history', item: { value: false, at: NOW } },
    ]);
    expect(reconcile({ local, base: agreed, synced: syncedAll(NOW - 9_000) }, NOW, valid)).toEqual([]);
  });

  it('when both changed the same preference, the later change wins, whole', () => {
    const mine = { ...local, campaignPresets: [{ name: 'Mine', params: [{ key: 'utm_source', value: 'a' }] }] };
    const theirs = { value: [{ name: 'Theirs', params: [{ key: 'utm_source', value: 'b' }] }], at: NOW + 2_000 };
    expect(reconcile({ local: mine, base: agreed, synced: { ...syncedAll(NOW), campaignPresets: theirs } }, NOW, valid)).toEqual([
      { kind: 'take', key: 'campaignPresets', value: theirs.value },
    ]);
    expect(reconcile({ local: mine, base: agreed, synced: { ...syncedAll(NOW), campaignPresets: { ...theirs, at: NOW - 2_000 } } }, NOW, valid)).toEqual([
      { kind: 'give', key: 'campaignPresets', item: { value: mine.campaignPresets, at: NOW } },
    ]);
  });

  it('never takes a value this machine would not store, and mends it with its own', () => {
    const synced = { ...syncedAll(NOW - 9_000), copyFormat: { value: 'pdf', at: NOW - 1_000 } };
    expect(reconcile({ local, base: agreed, synced }, NOW, (key, value) => key !== 'copyFormat' || value !== 'pdf')).toEqual([
      { kind: 'give', key: 'copyFormat', item: { value: 'plain', at: NOW } },
    ]);
  });

  it('keeps on this machine a preference too large for one sync item, and says how large', () => {
    const presets = Array.from({ length: 30 }, (_, index) => ({ name: `Preset ${index}`, params: [{ key: 'utm_source', value: 'x'.repeat(200) }, { key: 'utm_medium', value: 'y'.repeat(200) }] }));
    const [action] = reconcile({ local: { ...local, campaignPresets: presets }, base: agreed, synced: syncedAll(NOW - 9_000) }, NOW, valid);
    expect(action).toMatchObject({ kind: 'too-large', key: 'campaignPresets' });
    expect(action?.kind === 'too-large' && action.bytes).toBeGreaterThan(8_192);
  });
});
