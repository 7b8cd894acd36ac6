import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL, DEFAULT_SETTINGS } from './settings-schema';
import { readSettings, type StorageAreaLike } from './settings';
import { clearToken, writeSettings } from './settings-writer';
import { migratedArea, migrateSettings, SETTINGS_MIGRATIONS, SETTINGS_VERSION_KEY } from './settings-migrations';

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
    const area = memoryArea({ token: 'tok', serverUrl: 'https://own.example/with/path', autoCopy: false, tokenServer: 'https://own.example', copyFormat: 'pdf', history: false, usePageShortLink: 'yes' });
    expect(await readSettings(area, undefined, () => {})).toEqual({
      token: 'tok',
      serverUrl: '',
      autoCopy: false,
      tokenServer: 'https://own.example',
      history: false,
      copyFormat: 'plain',
      stripTracking: false,
      usePageShortLink: false,
      syncPreferences: true,
      campaignPresets: [],
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

describe('a token without a readable binding', () => {
  it('reads as none when the server it was saved for is unreadable, so it cannot follow the server set', async () => {
    const area = memoryArea({ token: 'tok', tokenServer: 'nonsense', serverUrl: 'https://mirror.example' });
    expect(await readSettings(area, ['token', 'serverUrl'], () => {})).toEqual({ token: '', serverUrl: 'https://mirror.example' });
  });

  it('reads as none when it is bound to no server at all', async () => {
    const area = memoryArea({ token: 'tok', serverUrl: 'https://mirror.example' });
    expect(await readSettings(area, ['token'])).toEqual({ token: '' });
  });
});

/** What the stored items become, and read as, once the migrations ran. */
async function migrated(stored: Record<string, unknown>) {
  const area = memoryArea(stored);
  const settings = await readSettings(migratedArea(area), undefined, () => {});
  return { stored: area.items, settings };
}

describe('settings migrations, from every shape this project has shipped', () => {
  const server = 'https://own.example';

  it('shape 0 (token, server, auto-copy): the token is bound to the server it was used with', async () => {
    const { stored, settings } = await migrated({ token: 'tok', serverUrl: server, autoCopy: false });
    expect(stored).toEqual({ token: 'tok', serverUrl: server, autoCopy: false, tokenServer: server, [SETTINGS_VERSION_KEY]: SETTINGS_MIGRATIONS.length });
    expect(settings).toMatchObject({ token: 'tok', tokenServer: server, serverUrl: server, autoCopy: false });
  });

  it('shape 0 with the default server (never stored): the token stays with the default server', async () => {
    const { stored, settings } = await migrated({ token: 'tok' });
    expect(stored).toEqual({ token: 'tok', tokenServer: DEFAULT_SERVER_URL, [SETTINGS_VERSION_KEY]: SETTINGS_MIGRATIONS.length });
    expect(settings).toMatchObject({ token: 'tok', tokenServer: DEFAULT_SERVER_URL, serverUrl: DEFAULT_SERVER_URL });
  });

  it('shape 0 with a server address that is not valid: the token is removed, it fails closed', async () => {
    const { stored, settings } = await migrated({ token: 'tok', serverUrl: 'http://plain.example', autoCopy: true });
    expect(stored).toEqual({ serverUrl: 'http://plain.example', autoCopy: true, [SETTINGS_VERSION_KEY]: SETTINGS_MIGRATIONS.length });
    expect(settings).toMatchObject({ token: '', serverUrl: '' });
  });

  it('shape 1 (a bound token) and shape 2 (history and formats) are kept as they are', async () => {
    const shape1 = { token: 'tok', tokenServer: server, serverUrl: 'https://mirror.example', autoCopy: true };
    const shape2 = { ...shape1, history: false, copyFormat: 'markdown', stripTracking: true };
    for (const shape of [shape1, shape2]) {
      const { stored, settings } = await migrated(shape);
      expect(stored).toEqual({ ...shape, [SETTINGS_VERSION_KEY]: SETTINGS_MIGRATIONS.length });
      expect(settings).toMatchObject(shape);
    }
  });

  it('a fresh install takes every step at once and stores nothing but its version', async () => {
    expect((await migrated({})).stored).toEqual({ [SETTINGS_VERSION_KEY]: SETTINGS_MIGRATIONS.length });
  });

  it('takes each step once, in order, recording each as it is taken; a step that fails is taken again next time', async () => {
    const taken: string[] = [];
    let failOnce = true;
    const steps = [
      { name: 'a', run: async () => void taken.push('a') },
      {
        name: 'b',
        async run() {
          taken.push('b');
          if (failOnce) {
            failOnce = false;
            throw new Error('storage refused');
          }
        },
      },
    ];
    const area = memoryArea();
    await expect(migrateSettings(area, steps)).rejects.toThrow('storage refused');
    expect(area.items).toEqual({ [SETTINGS_VERSION_KEY]: 1 });
    await migrateSettings(area, steps);
    await migrateSettings(area, steps);
    expect(taken).toEqual(['a', 'b', 'b']);
    expect(area.items).toEqual({ [SETTINGS_VERSION_KEY]: 2 });
  });
});
