import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings-schema';
import { readSettings, type StorageAreaLike } from './settings';
import { clearToken, writeSettings } from './settings-writer';

/** An in-memory storage area with the semantics of storage.local: per-key writes. */
function memoryArea(initial: Record<string, unknown> = {}): StorageAreaLike & { items: Record<string, unknown> } {
  const items = { ...initial };
  return {
    items,
    get: async (keys) => Object.fromEntries(keys.filter((key) => key in items).map((key) => [key, items[key]])),
    set: async (changes) => void Object.assign(items, changes),
    remove: async (keys) => keys.forEach((key) => delete items[key]),
  };
}

describe('settings storage', () => {
  it('returns the defaults for an empty store', async () => {
    expect(await readSettings(memoryArea())).toEqual(DEFAULT_SETTINGS);
  });

  it('replaces each invalid value by its default, but an invalid server by none: it fails closed', async () => {
    const reported: string[] = [];
    const area = memoryArea({ token: 42, serverUrl: 'http://plain.example', autoCopy: 'yes', tokenServer: 'nonsense' });
    const settings = await readSettings(area, undefined, ({ key }) => reported.push(key));
    // Not https://shrtnr.co: the token would follow the default there.
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, serverUrl: '' });
    expect(reported.toSorted()).toEqual(['autoCopy', 'serverUrl', 'token', 'tokenServer']);
  });

  it('keeps the valid values beside an invalid one', async () => {
    const area = memoryArea({ token: 'tok', serverUrl: 'https://own.example/with/path', autoCopy: false, tokenServer: 'https://own.example', copyFormat: 'pdf', history: false });
    expect(await readSettings(area, undefined, () => {})).toEqual({
      token: 'tok',
      serverUrl: '',
      autoCopy: false,
      tokenServer: 'https://own.example',
      history: false,
      copyFormat: 'plain',
      stripTracking: false,
    });
  });

  it('reads only the keys asked for', async () => {
    const area = memoryArea({ token: 'secret', autoCopy: false });
    const settings = await readSettings(area, ['autoCopy']);
    expect(settings).toEqual({ autoCopy: false });
    expect(JSON.stringify(settings)).not.toContain('secret');
  });

  it('writes only the changed keys, so two pages saving different settings both win', async () => {
    const area = memoryArea({ token: 'old', autoCopy: true });
    await Promise.all([writeSettings(area, { token: 'new' }), writeSettings(area, { autoCopy: false })]);
    expect(area.items).toEqual({ token: 'new', autoCopy: false });
  });

  it('refuses to store an invalid value', async () => {
    await expect(writeSettings(memoryArea(), { serverUrl: 'https://x.example/' })).rejects.toThrow('serverUrl');
  });

  it('clears the token and the server it was saved for, nothing else', async () => {
    const area = memoryArea({ token: 'tok', tokenServer: 'https://own.example', serverUrl: 'https://own.example', autoCopy: false });
    await clearToken(area);
    expect(area.items).toEqual({ serverUrl: 'https://own.example', autoCopy: false });
  });
});
