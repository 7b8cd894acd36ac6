// What the merge with sync reads of storage.sync and of its own records in storage.local, each key as declared
// once (synced-preferences.ts, sync-area.ts): anything not of its shape is as nothing, and other keys are never read.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const local = new Map<string, unknown>();
const synced = new Map<string, unknown>();

vi.mock('../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../test/support/fake-session-area');
  return { browser: { storage: { local: fakeSessionArea(local), sync: fakeSessionArea(synced) } } };
});

const { readChangedAt, readSyncBase, readSynced, readSyncHeld, writeSynced, writeSyncHeld } = await import('./sync-area');

beforeEach(() => {
  local.clear();
  synced.clear();
});

describe("sync's items", () => {
  it('are read as written, each preference its own item, extra fields taken and not kept', async () => {
    await writeSynced({ autoCopy: { value: false, at: 5 }, copyFormat: { value: 'rich', at: 6 } });
    expect(Object.fromEntries(synced)).toEqual({ 'pref:autoCopy': { value: false, at: 5 }, 'pref:copyFormat': { value: 'rich', at: 6 } });
    synced.set('pref:history', { value: true, at: 7, by: 'a newer version' });
    await expect(readSynced()).resolves.toEqual({ autoCopy: { value: false, at: 5 }, copyFormat: { value: 'rich', at: 6 }, history: { value: true, at: 7 } });
  });

  it('are as nothing when not of their shape: no value, no time, a time of NaN or Infinity; and another key is never read', async () => {
    synced.set('pref:autoCopy', { at: 5 });
    synced.set('pref:copyFormat', { value: 'rich', at: '6' });
    synced.set('pref:history', { value: true, at: Number.NaN });
    synced.set('pref:stripTracking', { value: true, at: Number.POSITIVE_INFINITY });
    synced.set('pref:token', { value: 'secret', at: 1 });
    synced.set('pref:usePageShortLink', { value: undefined, at: 2 });
    await expect(readSynced()).resolves.toEqual({ usePageShortLink: { value: undefined, at: 2 } });
  });
});

describe("this machine's records of the merge", () => {
  it('read what was last agreed, of the synced preferences only; a damaged record as nothing agreed', async () => {
    local.set('syncBase', { autoCopy: true, token: 'never', accounts: [] });
    await expect(readSyncBase()).resolves.toEqual({ autoCopy: true, accounts: [] });
    for (const damaged of ['autoCopy', ['autoCopy'], null]) {
      local.set('syncBase', damaged);
      await expect(readSyncBase()).resolves.toEqual({});
    }
  });

  it('read when each preference was set here, anything but a time as none', async () => {
    local.set('changedAt:autoCopy', 5);
    local.set('changedAt:history', '6');
    local.set('changedAt:copyFormat', Number.POSITIVE_INFINITY);
    local.set('changedAt:token', 7);
    await expect(readChangedAt()).resolves.toEqual({ autoCopy: 5 });
  });

  it('read the preferences held apart, in their order, and remove the record when none is', async () => {
    await writeSyncHeld(['accounts', 'autoCopy']);
    expect(local.get('syncHeld')).toEqual(['accounts', 'autoCopy']);
    await expect(readSyncHeld()).resolves.toEqual(['autoCopy', 'accounts']);
    await writeSyncHeld([]);
    expect(local.has('syncHeld')).toBe(false);
    local.set('syncHeld', ['accounts', 7, 'token']);
    await expect(readSyncHeld()).resolves.toEqual(['accounts']);
    local.set('syncHeld', 'accounts');
    await expect(readSyncHeld()).resolves.toEqual([]);
  });
});
