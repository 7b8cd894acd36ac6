// The token audit's rules, without a browser: where a token may go, what each
// test's checkpoint reports, and how logged values are read in depth. Its
// browser self-tests are in test/e2e/.
import { describe, expect, it } from 'vitest';
import { atEachTestEnd, checkOpenSessions, saidDuringTest } from '../support/audit-checkpoints';
import { ChromiumOutputWatcher } from '../support/chromium-audit-output';
import { ChromiumAuditTargets } from '../support/chromium-audit-targets';
import type { CdpClient } from '../support/cdp-client';
import { deepText } from '../support/deep-text';
import type { StandIn } from '../../tooling/stand-in/server';
import { TokenAudit, type AuditSources, type ObservedRequest } from '../support/token-audit';

const TOKEN = 'unit-token-1234';
const API = 'https://127.0.0.1:4443';
const servers = {
  api: { baseUrl: API, everyRequest: () => [] } as unknown as StandIn,
  otherOrigin: { baseUrl: 'https://127.0.0.1:5443', everyRequest: () => [] } as unknown as StandIn,
};
const quietSources: AuditSources = {
  readPages: async () => [],
  readStorage: async () => ({ 'storage.sync': {}, 'storage.session': {} }),
  readClipboard: async () => '',
  settle: async () => undefined,
};

function request(url: string, headers: Record<string, string>, extra: Partial<ObservedRequest> = {}): ObservedRequest {
  return { source: 'service_worker', url, method: 'POST', headers, body: '', ...extra };
}

async function findingsFor(requests: ObservedRequest[], arrange?: (audit: TokenAudit) => void): Promise<string[]> {
  const audit = new TokenAudit();
  audit.track(TOKEN);
  arrange?.(audit);
  for (const observed of requests) audit.recordRequest(observed);
  return audit.findLeaks(servers, quietSources);
}

const sent = (origin: string, token: string) => request(`${origin}/api/v1/shorten/single`, { authorization: `Bearer ${token}` });

/** A request a shared stand-in logged with the token in its query, and the audit's finding of it. */
const requestWithToken = (path: string) => ({ scheme: 'https', method: 'GET', path, query: { q: TOKEN }, headers: {}, body: '', at: 0 });
const found = (path: string) => `URL: https GET ${path} (https://127.0.0.1:7443's log)`;

describe('the token audit: where a token may go', () => {
  it('allows only the Authorization header of https requests to the configured server', async () => {
    expect(await findingsFor([request(`${API}/api/v1/shorten/single`, { authorization: `Bearer ${TOKEN}` })])).toEqual([]);
    expect(await findingsFor([request(`${API}/api/v1/ping`, { 'x-token': TOKEN })])).toEqual([`header x-token: POST ${API}/api/v1/ping (from service_worker)`]);
    expect(await findingsFor([request(`${API}/api/v1/ping?api_token=${TOKEN}`, {})])).toEqual([`URL: POST ${API}/api/v1/ping?api_token=${TOKEN} (from service_worker)`]);
    expect(await findingsFor([request(`${API}/api/v1/ping`, {}, { body: `{"t":"${TOKEN}"}` })])).toEqual([`request body: POST ${API}/api/v1/ping (from service_worker)`]);
    expect(await findingsFor([request('http://127.0.0.1:4080/api/v1/ping', { authorization: `Bearer ${TOKEN}` })])).toEqual([
      'plain-http request: POST http://127.0.0.1:4080/api/v1/ping (from service_worker)',
    ]);
  });

  it('lets a token go to a server only when the session saved them together', async () => {
    const elsewhere = request('https://elsewhere.test/api/v1/ping', { authorization: `Bearer ${TOKEN}` });
    expect(await findingsFor([elsewhere])).toEqual(['request to another origin: POST https://elsewhere.test/api/v1/ping (from service_worker)']);
    expect(await findingsFor([elsewhere], (audit) => audit.configured({ serverUrl: 'https://elsewhere.test', token: TOKEN }))).toEqual([]);
    // A server written alone does not take the token along; another token saved with it does not either.
    expect(await findingsFor([elsewhere], (audit) => audit.configured({ serverUrl: 'https://elsewhere.test' }))).toHaveLength(1);
    expect(await findingsFor([elsewhere], (audit) => audit.configured({ serverUrl: 'https://elsewhere.test', token: 'other-token' }))).toHaveLength(1);
  });

  it("each token only to its server: two accounts' tokens, each configured for its own server, never go to the other's", async () => {
    const second = 'https://127.0.0.1:6443';
    const other = 'other-account-token-5678';
    const twoAccounts = (audit: TokenAudit) => {
      audit.configured({ serverUrl: API, token: TOKEN });
      audit.configured({ serverUrl: second, token: other });
    };
    expect(await findingsFor([sent(API, TOKEN), sent(second, other)], (audit) => (audit.track(other), twoAccounts(audit)))).toEqual([]);
    expect(await findingsFor([sent(API, other)], (audit) => (audit.track(other), twoAccounts(audit)))).toEqual([`request to another origin: POST ${API}/api/v1/shorten/single (from service_worker)`]);
    expect(await findingsFor([sent(second, TOKEN)], (audit) => (audit.track(other), twoAccounts(audit)))).toEqual([`request to another origin: POST ${second}/api/v1/shorten/single (from service_worker)`]);
    // The stand-in's own log says so too, whatever the browser reported.
    const audit = new TokenAudit();
    audit.track(TOKEN);
    audit.track(other);
    twoAccounts(audit);
    const logged = { scheme: 'https', method: 'POST', path: '/api/v1/shorten/single', query: {}, body: '', headers: { authorization: `Bearer ${other}` } };
    const withLog = { ...servers, api: { baseUrl: API, everyRequest: () => [logged] } as unknown as StandIn };
    // And a second server's log, when the session runs one: the first account's token is not its to get.
    const secondLog = { ...logged, headers: { authorization: `Bearer ${TOKEN}` } };
    audit.watchServer({ baseUrl: second, everyRequest: () => [secondLog] } as unknown as StandIn);
    expect(await audit.findLeaks(withLog, quietSources)).toEqual(
      expect.arrayContaining([
        "another server's token: https POST /api/v1/shorten/single (stand-in's log)",
        `another server's token: https POST /api/v1/shorten/single (${second}'s log)`,
      ]),
    );
  });

  it('ties on-wire headers to the host they went to, not just to the request id', async () => {
    const wire = { host: '127.0.0.1:4443', authorization: `Bearer ${TOKEN}` };
    expect(await findingsFor([request(`${API}/api/v1/ping`, {}, { wireHeaders: wire })])).toEqual([]);
    expect(await findingsFor([request(`${API}/api/v1/ping`, {}, { wireHeaders: { ...wire, host: 'elsewhere.test' } })])).toEqual([
      `request to another origin: Authorization sent to elsewhere.test, for POST ${API}/api/v1/ping (from service_worker)`,
    ]);
  });

  it('tells notifications and badge titles apart from other console lines, and fails on what it could not read', async () => {
    const audit = new TokenAudit();
    audit.track(TOKEN);
    audit.record('worker', `[e2e] shown in notification: Copied\n${TOKEN}`);
    audit.record('worker', `[e2e] shown in badge-title: ${TOKEN}`);
    audit.record('page', `Uncaught Error: ${TOKEN}`, 'uncaught exception');
    audit.couldNotCheck('a logged object');
    const findings = await audit.findLeaks(servers, { ...quietSources, readClipboard: async () => TOKEN, readStorage: async () => ({ 'storage.sync': {}, 'storage.session': { t: TOKEN } }) });
    expect(findings).toEqual([
      `notification: worker: [e2e] shown in notification: Copied ${TOKEN}`,
      `badge title: worker: [e2e] shown in badge-title: ${TOKEN}`,
      `uncaught exception: page: Uncaught Error: ${TOKEN}`,
      'storage.session',
      'clipboard',
      'could not be checked: a logged object',
    ]);
  });

  it('judges at the end of each test what came since the last, a token left in a place once, and at the close what came after', async () => {
    const audit = new TokenAudit();
    audit.track(TOKEN);
    const left = { ...quietSources, readStorage: async () => ({ 'storage.local': { draft: TOKEN }, 'IndexedDB history': { entries: [] } }), readClipboard: async () => TOKEN };
    audit.record('worker', `first ${TOKEN}`);
    expect(await audit.checkpoint('the test "one"', servers, left)).toEqual([
      `console: worker: first ${TOKEN}`,
      'storage.local, at the end of the test "one"',
      'clipboard, at the end of the test "one"',
    ]);
    // Still there at the end of the next test, which did not put it there.
    expect(await audit.checkpoint('the test "two"', servers, left)).toEqual([]);
    audit.record('worker', `third ${TOKEN}`);
    expect(await audit.checkpoint('the test "three"', servers, { ...quietSources, readStorage: async () => Promise.reject(new Error('gone')) })).toEqual([
      `console: worker: third ${TOKEN}`,
      'could not be checked: what the extension keeps, at the end of the test "three" (Error: gone)',
    ]);
    audit.record('page', `after ${TOKEN}`, 'uncaught exception');
    expect(await audit.findLeaks(servers, quietSources)).toEqual([`uncaught exception: page: after ${TOKEN}`]);
  });

  it("reads open pages' fields, shadow roots and frames, each token once a page, but for the settings page's token field", async () => {
    const page = `${API}/demo/blank`;
    const settings = 'chrome-extension://abcdefgh/src/options/index.html';
    const pages = {
      ...quietSources,
      readPages: async () => [
        { url: page, fields: [{ field: 'textarea#note', value: `note ${TOKEN}` }], content: `<p>${TOKEN}</p>` },
        { url: settings, fields: [{ field: 'input#token', value: TOKEN }], content: '' },
        { url: settings, fields: [{ field: 'input#server-url', value: TOKEN }], content: '' },
        { url: `${API}/demo/shadow`, fields: [], content: `<p>${TOKEN}</p>` },
      ],
    };
    const audit = new TokenAudit();
    audit.track(TOKEN);
    audit.recordMarkup(`${API}/demo/shadow`, `<div>${TOKEN}</div>`);
    expect(await audit.checkpoint('the test "one"', servers, pages)).toEqual([
      `page markup: ${API}/demo/shadow: <div>${TOKEN}</div>`,
      `page field textarea#note: ${page}: note ${TOKEN}`,
      `page field input#server-url: ${settings}: ${TOKEN}`,
    ]);
    expect(await audit.checkpoint('the test "two"', servers, pages)).toEqual([]);
  });

  it('lets no token reach a server started while the session is open unless the test configured it for that server', async () => {
    const started = 'https://127.0.0.1:7443';
    const got = { scheme: 'https', method: 'POST', path: '/api/v1/shorten/single', query: {}, body: '', headers: { host: '127.0.0.1:7443', authorization: `Bearer ${TOKEN}` }, at: 0 };
    const findings = (configure: boolean) => {
      const audit = new TokenAudit();
      audit.track(TOKEN);
      audit.watchServer({ baseUrl: started, everyRequest: () => [got] } as unknown as StandIn);
      if (configure) audit.configured({ serverUrl: started, token: TOKEN });
      return audit.findLeaks(servers, quietSources);
    };
    expect(await findings(false)).toEqual([`another server's token: https POST /api/v1/shorten/single (${started}'s log)`]);
    expect(await findings(true)).toEqual([]);
  });

  it('scans every request the stand-ins got, not what their logs still show', async () => {
    const got = (path: string) => ({ scheme: 'https', method: 'GET', path, query: { q: TOKEN }, headers: {}, body: '', at: 0 });
    const cleared = {
      api: { baseUrl: API, requests: () => [], everyRequest: () => [got('/demo/early')] } as unknown as StandIn,
      otherOrigin: { baseUrl: 'https://127.0.0.1:5443', requests: () => [], everyRequest: () => [] } as unknown as StandIn,
    };
    const audit = new TokenAudit();
    audit.track(TOKEN);
    expect(await audit.findLeaks(cleared, quietSources)).toEqual([
      "URL: https GET /demo/early (stand-in's log)",
      'could not be checked: requests: the stand-in got 1 that the browser did not report (https GET /demo/early)',
    ]);
  });

  it('reads a server on from where it stopped, whatever another audit read of it (two sessions may watch one stand-in)', async () => {
    const log = [requestWithToken('/demo/one')];
    const shared = { baseUrl: 'https://127.0.0.1:7443', everyRequest: () => log } as unknown as StandIn;
    const [first, second] = [new TokenAudit(), new TokenAudit()];
    for (const audit of [first, second]) {
      audit.track(TOKEN);
      audit.watchServer(shared);
    }
    expect(await first.checkpoint('the test "one"', servers, quietSources)).toEqual([found('/demo/one')]);
    log.push(requestWithToken('/demo/two'));
    expect(await second.checkpoint('the test "two"', servers, quietSources)).toEqual([found('/demo/one'), found('/demo/two')]);
    expect(await first.checkpoint('the test "two"', servers, quietSources)).toEqual([found('/demo/two')]);
  });
});

/** A session's end of test with these findings, and nothing said. */
const ending = (findings: string[]) => ({ checkpoint: async () => findings, said: () => [] });

describe("the checkpoint after every test (the e2e project's setup)", () => {
  it('fails the test with every open session\'s findings, one a line, and passes when there are none', async () => {
    const stops = [atEachTestEnd(ending(['console: worker: a leak'])), atEachTestEnd(ending([])), atEachTestEnd(ending(['clipboard, at the end of the test "x"']))];
    await expect(checkOpenSessions('the test "x"')).rejects.toThrow('The token leaked, by the end of the test "x":\nconsole: worker: a leak\nclipboard, at the end of the test "x"');
    for (const stop of [stops[0], stops[2]]) stop?.();
    await expect(checkOpenSessions('the test "y"')).resolves.toBeUndefined();
    stops[1]?.();
  });
});

describe('what the browser said during a test (printed when it failed)', () => {
  it('is every open session\'s output since the last test, its latest lines, each cut short', () => {
    const audit = new TokenAudit();
    for (let line = 0; line < 45; line += 1) audit.record('worker', `line ${line}`);
    audit.record('worker', `Shrtnr: the page could not be run in. ${'x'.repeat(400)}`, 'console');
    const stop = atEachTestEnd({ checkpoint: async () => [], said: () => audit.takeSaid() });
    const said = saidDuringTest();
    expect(said).toHaveLength(40);
    expect(said[0]).toBe('console: worker: line 6');
    expect(said.at(-1)).toBe(`console: worker: Shrtnr: the page could not be run in. ${'x'.repeat(300 - 'Shrtnr: the page could not be run in. '.length)}…`);
    // Taken: the next test starts with nothing said.
    expect(saidDuringTest()).toEqual([]);
    stop();
  });
});

/** The audit of one worker's output, its reads in depth answered by `answer` (a fake CDP client). */
function watcher(answer: () => Promise<Record<string, unknown>>): { audit: TokenAudit; output: ChromiumOutputWatcher } {
  const audit = new TokenAudit();
  audit.track(TOKEN);
  const targets = new ChromiumAuditTargets();
  targets.attached('worker-session', { targetId: 'worker', type: 'service_worker', url: 'chrome-extension://id/worker.js' });
  const client = { send: answer } as unknown as CdpClient;
  return { audit, output: new ChromiumOutputWatcher(audit, client, targets) };
}

describe("Chromium's logged values, read in depth in their context", () => {
  const logged = { args: [{ type: 'object', subtype: 'error', description: 'Error: No SW', objectId: 'error-1' }], type: 'error' };

  it('finds a token only the read in depth sees', async () => {
    const { audit, output } = watcher(async () => ({ result: { value: { text: `Error: No SW {"cause":"${TOKEN}"}`, complete: true } } }));
    output.onConsole(logged, 'worker-session');
    expect(await audit.findLeaks(servers, quietSources)).toEqual([`console: service_worker chrome-extension://id/worker.js (console.error): Error: No SW {"cause":"${TOKEN}"}`]);
  });

  it('takes what the event said of a value whose context ended before the read (a worker stopped), and fails on any other failed read', async () => {
    const gone = watcher(async () => Promise.reject(new Error('Cannot find context with specified id')));
    gone.output.onConsole(logged, 'worker-session');
    expect(await gone.audit.findLeaks(servers, quietSources)).toEqual([]);
    const refused = watcher(async () => Promise.reject(new Error('Object reference chain is too long')));
    refused.output.onConsole(logged, 'worker-session');
    expect(await refused.audit.findLeaks(servers, quietSources)).toEqual([
      'could not be checked: service_worker chrome-extension://id/worker.js (console.error): a logged Error: No SW could not be read in depth (Error: Object reference chain is too long)',
    ]);
  });
});

describe('deepText, the audit\'s reader of logged values', () => {
  it('reads strings at any depth and where JSON.stringify shows nothing', () => {
    const cyclic: Record<string, unknown> = { deep: { deeper: [{ deepest: 'in-an-object' }] } };
    cyclic.self = cyclic;
    const text = deepText([
      cyclic,
      new Headers({ 'x-debug': 'in-headers' }),
      new Map([['key', { value: 'in-a-map' }]]),
      new Set(['in-a-set']),
      new URLSearchParams({ q: 'in-params' }),
      new Error('outer', { cause: new Error('in-a-cause') }),
      new URL('https://example.test/?q=in-a-url'),
      new TextEncoder().encode('in-bytes'),
    ]).text;
    expect(JSON.stringify(new Headers({ 'x-debug': 'in-headers' }))).toBe('{}');
    for (const expected of ['in-an-object', 'in-headers', 'in-a-map', 'in-a-set', 'in-params', 'in-a-cause', 'in-a-url', 'in-bytes']) expect(text).toContain(expected);
  });

  it('says when a value was too large to read in full', () => {
    expect(deepText(Array.from({ length: 60_000 }, (_, index) => ({ index }))).complete).toBe(false);
    expect(deepText({ small: true }).complete).toBe(true);
  });
});
