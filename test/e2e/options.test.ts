// The built extension's options page, used as a person would: typing,
// saving, reloading and testing the connection against the stand-in.
// Runs modules only a browser runs (test/support/browser-only-modules.ts): src/options/main.tsx.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS } from '../../src/api/client';
import { startE2eSession, type E2eSession } from '../support/e2e-session';
import { shownError } from '../support/popup-page';

let session: E2eSession;
let options: Page;

beforeAll(async () => {
  session = await startE2eSession();
});
afterAll(() => session?.close());
/** The merge with sync, at once (the worker's own runs a second after a change). */
const mergeNow = () => session.worker().then((worker) => worker.evaluate(() => (globalThis as unknown as { shrtnrE2e: { syncPreferences(): Promise<void> } }).shrtnrE2e.syncPreferences()));

beforeEach(async () => {
  session.standIn.setFault(null);
  session.standIn.clearLog();
  // Each test starts from a new profile's storage (no setting, nothing in sync, nothing agreed), whatever test ran before.
  const worker = await session.worker();
  await worker.evaluate(async () => {
    await chrome.storage.sync.clear();
    await chrome.storage.local.clear();
  });
  await mergeNow();
  await options?.close();
  options = await session.browser.context.newPage();
  await options.goto(session.browser.extensionUrl('src/options/index.html'));
  await options.getByRole('button', { name: 'Save account' }).waitFor();
});

/**
 * What storage.local holds, but for the settings migrations' version (src/storage/settings-migrations.ts, tested as
 * a unit) and what sync last agreed on (src/storage/sync-area.ts, written a moment after a change).
 */
const storedItems = async () => (await session.worker()).evaluate(() => chrome.storage.local.get(null));
/** What storage.local holds but the bookkeeping (the migrations run, sync's last agreement, when each synced preference was set). */
const storedSettings = async () => {
  const { settingsVersion: _version, syncBase: _agreed, ...settings } = await storedItems();
  return Object.fromEntries(Object.entries(settings).filter(([key]) => !key.startsWith('changedAt:')));
};
const storedSync = async () => (await session.worker()).evaluate(() => chrome.storage.sync.get(null));
/** The first account on `server`, named by its host (as the page names an account whose name was its server's host), and its token there. */
const firstAccountOn = (server: string) => ({ accounts: [{ id: 'account-1', name: new URL(server).host, server }] });
const tokenSavedFor = (token: string, server: string) => ({ 'token:account-1': { token, server } });

/** What the account editor's status line says once its Save has saved the first account, named by its server's host. */
const accountSaved = (serverUrl: string) => `The account “${new URL(serverUrl).host}” was saved.`;
const saveAccount = () => options.getByRole('button', { name: 'Save account' }).click();

async function saveServerAndToken(serverUrl: string, token: string): Promise<void> {
  // Typed together, as configure() writes them: the token may go to this server.
  session.audit.configured({ token, serverUrl });
  await options.getByLabel('Server address').fill(serverUrl);
  await options.getByLabel('Access token').pressSequentially(token);
  // Typed, not saved: the account says so until its Save is pressed.
  await expect.poll(() => options.getByTestId('account-save-status').textContent()).toBe('Not saved yet: press Save account.');
  await saveAccount();
  await expect.poll(() => options.getByTestId('account-save-status').textContent()).toBe(accountSaved(serverUrl));
}

async function testConnection(timeout = 30_000): Promise<string> {
  await options.getByRole('button', { name: 'Test connection' }).click();
  let status = '';
  await expect.poll(async () => (status = (await options.getByTestId('connection-status').textContent()) ?? ''), { timeout }).not.toMatch(/^(|Checking…)$/);
  return status;
}

describe('options page', () => {
  it('starts from the defaults', async () => {
    expect(await options.getByLabel('Server address').inputValue()).toBe('https://shrtnr.co');
    expect(await options.getByRole('checkbox', { name: /Copy the short link automatically/ }).isChecked()).toBe(true);
    expect(await options.getByTestId('token-status').textContent()).toMatch(/No token is saved yet/);
  });

  it('saves a typed token to storage.local only; after a reload it shows only its last 4 characters', async () => {
    const token = 'typed-token-9f3K';
    // The field hides the token unless asked.
    expect(await options.getByLabel('Access token').getAttribute('type')).toBe('password');
    await options.getByRole('button', { name: 'Show' }).click();
    expect(await options.getByLabel('Access token').getAttribute('type')).toBe('text');
    await options.getByRole('button', { name: 'Hide' }).click();

    await saveServerAndToken(`${session.standIn.baseUrl}/`, token);
    // Only what changed is written; auto-copy stays at its default, unstored.
    expect(await storedSettings()).toEqual({ ...firstAccountOn(session.standIn.baseUrl), ...tokenSavedFor(token, session.standIn.baseUrl) });
    // The accounts, a synced preference, with when they were set here, and sync given that time (the merge weighs a change at it).
    const changedAt = (await storedItems())['changedAt:accounts'];
    expect(changedAt).toEqual(expect.any(Number));
    // Sync holds preferences only (the accounts' names and servers among them), never the token.
    await expect.poll(async () => (await storedSync())['pref:accounts']).toMatchObject({ value: firstAccountOn(session.standIn.baseUrl).accounts, at: changedAt });
    const synced = await storedSync();
    expect(Object.keys(synced).every((key) => key.startsWith('pref:'))).toBe(true);
    expect(JSON.stringify(synced)).not.toContain(token);

    await options.reload();
    await expect.poll(() => options.getByTestId('token-status').textContent()).toMatch(/A token ending in 9f3K is saved for 127\.0\.0\.1:\d+\./);
    expect(await options.content()).not.toContain(token);
    expect(await options.getByLabel('Replace the token').inputValue()).toBe('');
    // Shown normalised, without the trailing slash typed.
    expect(await options.getByLabel('Server address').inputValue()).toBe(session.standIn.baseUrl);
  });

  it('clears the token and keeps the other settings', async () => {
    await saveServerAndToken(session.standIn.baseUrl, 'to-be-cleared');
    await options.getByRole('button', { name: 'Clear token' }).click();
    // It asks first, naming the server the token was saved for; Keep has the focus.
    const question = options.getByRole('group', { name: /^Remove the token saved for 127\.0\.0\.1:\d+ from this browser\?$/ });
    // Focus moves in an effect, after the question is drawn: waited for, not assumed.
    await expect.poll(() => question.getByRole('button', { name: 'Keep' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await question.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => options.getByTestId('token-status').textContent()).toMatch(/No token is saved yet/);
    expect(await storedSettings()).toEqual(firstAccountOn(session.standIn.baseUrl));
  });

  it('refuses a non-https server or one with a path, and saves nothing', async () => {
    for (const [serverUrl, message] of [
      ['http://example.com', 'must start with https://'],
      ['https://example.com/shortener?x=1', 'without a path or query'],
    ] as const) {
      await options.getByLabel('Server address').fill(serverUrl);
      await saveAccount();
      await expect.poll(() => options.locator('#server-url-error').textContent()).toContain(message);
      expect(await options.getByLabel('Server address').getAttribute('aria-invalid')).toBe('true');
      expect(await options.getByTestId('account-save-status').textContent()).toBe('Nothing was saved: fix the highlighted field.');
    }
    expect(await storedSettings()).toEqual({});
  });

  it('two pages saving different settings at the same moment lose neither write, and each shows the other\'s', async () => {
    const other = await session.browser.context.newPage();
    await other.goto(session.browser.extensionUrl('src/options/index.html'));
    await other.getByRole('button', { name: 'Save account' }).waitFor();
    session.audit.track('token-from-page-one');
    await options.getByLabel('Access token').fill('token-from-page-one');
    // One page's account saved as the other's preference is, which saves as it changes.
    await Promise.all([saveAccount(), other.getByRole('checkbox', { name: /Copy the short link automatically/ }).uncheck()]);
    await expect.poll(storedSettings).toEqual({ ...tokenSavedFor('token-from-page-one', 'https://shrtnr.co'), autoCopy: false });
    await expect.poll(() => options.getByRole('checkbox', { name: /Copy the short link automatically/ }).isChecked()).toBe(false);
    await expect.poll(() => other.getByTestId('token-status').textContent()).toMatch(/ending in -one/);
    await other.close();
  });

  it('keeps both of two fields changed in the same moment (a password manager filling the token as the server is typed)', async () => {
    const token = 'filled-token-5150';
    session.audit.track(token);
    await options.evaluate(
      ({ serverUrl, filled }) => {
        // Both input events before the page re-renders in between.
        for (const [id, value] of [['server-url', serverUrl], ['token', filled]] as const) {
          const field = document.getElementById(id) as HTMLInputElement;
          field.value = value;
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      { serverUrl: session.standIn.baseUrl, filled: token },
    );
    await saveAccount();
    await expect.poll(storedSettings).toEqual({ ...firstAccountOn(session.standIn.baseUrl), ...tokenSavedFor(token, session.standIn.baseUrl) });
  });

  it('gives the token field no name, so no form submission could ever put it into a URL', async () => {
    expect(await options.locator('#token').getAttribute('name')).toBeNull();
  });

  it('never sends a token saved for one server to another: not on Test connection, not after saving, not from the popup', async () => {
    const other = session.otherOrigin.baseUrl;
    const otherHost = new URL(other).host;
    await saveServerAndToken(session.standIn.baseUrl, session.standIn.demoToken);
    await options.getByLabel('Server address').fill(other);
    expect(await testConnection()).toBe(
      `Your saved token is for ${new URL(session.standIn.baseUrl).host}, so it was not sent to ${otherHost}. Type the token for ${otherHost} above to test it.`,
    );
    await saveAccount();
    await expect.poll(() => options.getByTestId('token-status').textContent()).toContain(`It is not sent to ${otherHost}`);
    expect(await storedSettings()).toMatchObject({ ...firstAccountOn(other), ...tokenSavedFor(session.standIn.demoToken, session.standIn.baseUrl) });

    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    const { kind, message } = await shownError(popup);
    expect(kind).toBe('token-for-other-server');
    expect(message).toContain(`Enter the token for ${otherHost} in the settings`);
    await popup.close();
    await tab.close();
    // The other server heard nothing at all, and so never saw the token.
    expect(session.otherOrigin.apiRequests()).toEqual([]);
    expect(session.standIn.apiRequests()).toEqual([]);
  });

  it('sends the token to another server only after "Use my token with" that server', async () => {
    await saveServerAndToken(session.standIn.baseUrl, session.standIn.demoToken);
    // The same stand-in under another name (an IDN host): another origin as far as the extension knows.
    const renamed = session.idnBaseUrl();
    await options.getByLabel('Server address').fill(renamed);
    await saveAccount();
    const renamedHost = new URL(renamed).host;
    await options.getByRole('button', { name: `Use my token with ${renamedHost}` }).click();
    await expect.poll(storedSettings).toMatchObject(tokenSavedFor(session.standIn.demoToken, new URL(renamed).origin));
    await expect.poll(() => options.getByTestId('token-status').textContent()).toMatch(new RegExp(`saved for ${renamedHost.replace(/[.]/g, '\\.')}\\.`));
    expect(await testConnection()).toBe(`Connected to ${renamedHost}: the token works.`);
  });

  it('treats accounts that cannot be read (an invalid stored server address) as none: nothing is sent (not even to shrtnr.co), and both pages say so', async () => {
    // Sync off: with it on, a merge a second later mends an unreadable list from sync's (src/background/sync/preferences-sync.test.ts).
    await session.configure({ token: session.standIn.demoToken, serverUrl: 'http://plain.example', syncPreferences: false });
    await options.reload();
    await expect.poll(() => options.locator('.accounts-card').textContent()).toContain('No account yet: add one to shorten links.');
    expect(await options.getByTestId('editing-account').textContent()).toBe('New account: enter its server and its token, then save.');

    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    expect((await shownError(popup)).kind).toBe('no-account');
    await popup.close();
    await tab.close();
    expect(session.standIn.apiRequests()).toEqual([]);
  });

  it('refuses a token of only spaces, and keeps the saved one', async () => {
    await saveServerAndToken(session.standIn.baseUrl, 'kept-token-1234');
    await options.getByLabel('Replace the token').fill('   ');
    await saveAccount();
    await expect.poll(() => options.locator('#token-error').textContent()).toBe('The access token is only spaces. Paste your Shrtnr token in the settings.');
    expect(await storedSettings()).toMatchObject(tokenSavedFor('kept-token-1234', session.standIn.baseUrl));
  });

  it('saves the auto-copy preference the moment it is changed, alone, and says so; a reload shows it', async () => {
    await options.getByRole('checkbox', { name: /Copy the short link automatically/ }).uncheck();
    await expect.poll(() => options.getByTestId('behaviour-status').textContent()).toBe('Settings saved.');
    expect(await storedSettings()).toEqual({ autoCopy: false });
    await options.reload();
    await options.getByRole('button', { name: 'Save account' }).waitFor();
    expect(await options.getByRole('checkbox', { name: /Copy the short link automatically/ }).isChecked()).toBe(false);
  });

  // Which status gives which failure is the API module's integration tests' (ping among them), and
  // each failure's sentence the page's component test's; here, what only the browser shows.
  describe('Test connection', () => {
    it('connects with a good token', async () => {
      await saveServerAndToken(session.standIn.baseUrl, session.standIn.demoToken);
      const host = new URL(session.standIn.baseUrl).host;
      expect(await testConnection()).toBe(`Connected to ${host}: the token works.`);
      const [ping] = session.standIn.apiRequests();
      expect(ping).toMatchObject({ path: '/api/v1/ping', query: {} });
      expect(ping?.headers.authorization).toBe(`Bearer ${session.standIn.demoToken}`);
    });

    it('asks for a token when there is none to test', async () => {
      await options.getByLabel('Server address').fill(session.standIn.baseUrl);
      expect(await testConnection()).toBe('Enter your access token above, then test the connection.');
      expect(session.standIn.apiRequests()).toEqual([]);
    });

    it('tests a typed token before it is saved, and says when it is refused (401)', async () => {
      await options.getByLabel('Server address').fill(session.standIn.baseUrl);
      session.audit.track('wrong-token');
      await options.getByLabel('Access token').fill('wrong-token');
      expect(await testConnection()).toMatch(/refused the token \(401\)/);
      expect(await storedSettings()).toEqual({});
    });

    it('says when the server is down, and offers host access for it', async () => {
      await saveServerAndToken('https://127.0.0.1:9', session.standIn.demoToken);
      expect(await testConnection()).toBe("Can't reach 127.0.0.1:9: it may be down, the address may be wrong, or you may be offline.");
      expect(await options.getByRole('button', { name: 'Allow access to 127.0.0.1:9' }).isVisible()).toBe(true);
    });

    it('says when the server did not answer in time', async () => {
      // Held past the test's end; the settings page gives up after DEFAULT_TIMEOUT_MS (only the e2e build's worker waits less).
      session.standIn.setFault({ kind: 'delay', ms: 60_000 }, { times: 1 });
      await saveServerAndToken(session.standIn.baseUrl, session.standIn.demoToken);
      expect(await testConnection(DEFAULT_TIMEOUT_MS + 30_000)).toMatch(new RegExp(`did not answer in time \\(${DEFAULT_TIMEOUT_MS / 1000} sec\\)`));
    });
  });
});

const prefOf = async (key: string) => ((await storedSync())[`pref:${key}`] as { value?: unknown } | undefined)?.value;
const writeSync = (items: Record<string, unknown>) => session.worker().then((worker) => worker.evaluate((set) => chrome.storage.sync.set(set), items));
/** One merge now, as the worker runs one a second after any change (the first case waits for that one). */

describe('preferences that follow the user (storage.sync)', () => {
  it('gives a preference changed here to sync, takes one another browser changed, and never the token', async () => {
    await saveServerAndToken(session.standIn.baseUrl, 'sync-audited-token');
    // Saved as it is chosen, with no button.
    await options.getByLabel('Copy links as').selectOption('markdown');
    await expect.poll(() => prefOf('copyFormat')).toBe('markdown');

    // Another browser turned clean links on, later.
    await writeSync({ 'pref:stripTracking': { value: true, at: Date.now() + 1_000 } });
    await mergeNow();
    expect((await storedSettings()).stripTracking).toBe(true);
    await expect.poll(() => options.getByRole('checkbox', { name: /Remove tracking parameters/ }).isChecked()).toBe(true);

    // A value this browser would not store (a newer build's, or a damaged one) is not taken, and left be while this
    // browser changes nothing of its own; its next change replaces it.
    await writeSync({ 'pref:copyFormat': { value: 'pdf', at: Date.now() + 2_000 } });
    await mergeNow();
    expect((await storedSettings()).copyFormat).toBe('markdown');
    expect(await prefOf('copyFormat')).toBe('pdf');
    await options.getByLabel('Copy links as').selectOption('html');
    await expect.poll(() => prefOf('copyFormat')).toBe('html');

    const synced = await storedSync();
    expect(Object.keys(synced).every((key) => key.startsWith('pref:'))).toBe(true);
    expect(JSON.stringify(synced)).not.toContain('sync-audited-token');
  });

  it('turned off, nothing more goes to sync nor comes from it; too-large presets are said to stay here', async () => {
    await options.getByRole('checkbox', { name: "Sync these preferences through your browser's account" }).uncheck();
    await expect.poll(() => options.getByTestId('sync-status').textContent()).toBe('Your preferences stay on this computer.');
    const before = await storedSync();
    await session.configure({ autoCopy: false });
    await writeSync({ 'pref:history': { value: false, at: Date.now() + 1_000 } });
    // A merge run now (as the worker runs one a moment after any change) moves neither side.
    await mergeNow();
    expect((await storedSync())['pref:autoCopy']).toEqual(before['pref:autoCopy']);
    expect((await storedSettings()).history).toBeUndefined();

    await options.getByRole('checkbox', { name: "Sync these preferences through your browser's account" }).check();
    const big = Array.from({ length: 30 }, (_, index) => ({ name: `Preset ${index}`, params: [{ key: 'utm_source', value: 's'.repeat(200) }, { key: 'utm_medium', value: 'm'.repeat(200) }, { key: 'utm_campaign', value: 'c' }] }));
    await session.configure({ campaignPresets: big });
    await expect.poll(() => options.getByTestId('sync-too-large').textContent()).toMatch(/too large to sync \(\d+(\.\d)? KB; at most 8 KB\): they stay on this computer, whole/);
    await session.configure({ campaignPresets: undefined, autoCopy: undefined, syncPreferences: undefined });
  });
});
