import { describe, expect, it } from 'vitest';
import { credentialsFor, hostOf } from './token-binding';

describe('the token goes only to the server it was saved for', () => {
  const own = 'https://own.example';
  const mirror = 'https://mirror.example:8443';

  it('sends a token to the server it was saved for', () => {
    expect(credentialsFor({ token: 'tok', tokenServer: own, serverUrl: own })).toEqual({ ok: true, value: { serverUrl: own, token: 'tok' } });
  });

  it('refuses to send it to any other server, naming both hosts', () => {
    const result = credentialsFor({ token: 'tok', tokenServer: own, serverUrl: mirror });
    expect(result).toMatchObject({ ok: false, error: { kind: 'token-for-other-server', tokenHost: 'own.example', serverHost: 'mirror.example:8443' } });
    expect(JSON.stringify(result)).not.toContain('tok"');
  });

  it('sends a token bound to no server nowhere: it counts as none (fails closed)', () => {
    expect(credentialsFor({ token: 'tok', tokenServer: '', serverUrl: own })).toEqual({ ok: true, value: { serverUrl: own, token: '' } });
  });

  it('passes no token through untouched (the API module then says it is missing)', () => {
    expect(credentialsFor({ token: '', tokenServer: own, serverUrl: mirror })).toEqual({ ok: true, value: { serverUrl: mirror, token: '' } });
  });

  it('passes a missing server through, so nothing is sent (the API module refuses an empty address)', () => {
    expect(credentialsFor({ token: 'tok', tokenServer: own, serverUrl: '' })).toEqual({ ok: true, value: { serverUrl: '', token: 'tok' } });
  });

  it('names hosts with their port', () => {
    expect(hostOf(mirror)).toBe('mirror.example:8443');
    expect(hostOf('not a url')).toBe('not a url');
  });
});
