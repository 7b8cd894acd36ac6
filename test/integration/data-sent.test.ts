// What leaves the browser is what docs/privacy.md and Firefox's
// data_collection_permissions say: every request the API module makes (a
// shortening, a connection test) is recorded as the module hands it to fetch,
// and each piece of data in it (query parameter, header, body field) must be
// declared below with its Firefox data category. A new field fails here until
// it is declared, in the manifest and the privacy policy too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../manifest.json' with { type: 'json' };
import { manifestFor } from '../../scripts/build/manifest-targets';
import { shorten, type FetchFunction } from '../../src/api';
import { ping } from '../../src/api/ping';
import { startStandIn, type StandIn } from '../../tooling/stand-in/server';
import { fetchTrusting } from '../support/trusting-fetch';

/** Each piece of data the API module sends, and its Firefox data category; null: the protocol's, nobody's data. */
const DECLARED: Record<string, string | null> = {
  'body url': 'browsingActivity',
  // The credential the server issued the user, sent to that server alone: not data the extension collects (docs/privacy.md).
  'header authorization': null,
  'header accept': null,
  'header content-type': null,
};

let standIn: StandIn;
const sent = new Set<string>();

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());

/** fetch as the API module calls it, noting every piece of data it hands over. */
function recordingFetch(): FetchFunction {
  const trusting = fetchTrusting(standIn.certificatePem);
  return (input, init) => {
    for (const name of new URL(input).searchParams.keys()) sent.add(`query ${name}`);
    for (const name of new Headers(init.headers).keys()) sent.add(`header ${name.toLowerCase()}`);
    if (typeof init.body === 'string') for (const name of Object.keys(JSON.parse(init.body) as object)) sent.add(`body ${name}`);
    else if (init.body !== undefined && init.body !== null) sent.add('body (not JSON)');
    return trusting(input, init);
  };
}

describe('the data the API module sends', () => {
  it('is only what is declared, and Firefox declares exactly its categories', async () => {
    const settings = { serverUrl: standIn.baseUrl, token: standIn.demoToken, fetch: recordingFetch() };
    expect((await shorten('https://example.com/a/page?with=query', settings)).ok).toBe(true);
    expect((await ping(settings)).ok).toBe(true);

    expect([...sent].filter((piece) => !(piece in DECLARED))).toEqual([]);
    expect(sent.has('body url')).toBe(true);
    const categories = [...new Set([...sent].map((piece) => DECLARED[piece]).filter((category) => category !== null))].toSorted();
    const firefox = manifestFor('firefox', { ...manifest, version: '0.0.0' }).browser_specific_settings as { gecko: { data_collection_permissions: { required: string[] } } };
    expect(firefox.gecko.data_collection_permissions.required.toSorted()).toEqual(categories);
  });
});
