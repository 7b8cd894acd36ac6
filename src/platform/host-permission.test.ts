import { describe, expect, it } from 'vitest';
import { hostPermissionPattern, unusedHostAccess } from './host-permission';

describe('hostPermissionPattern', () => {
  it('covers the host on every port, as Firefox can only match that', () => {
    expect(hostPermissionPattern('https://127.0.0.1:8443')).toBe('https://127.0.0.1/*');
    expect(hostPermissionPattern('https://short.example')).toBe('https://short.example/*');
    expect(hostPermissionPattern('https://[::1]:9000')).toBe('https://[::1]/*');
    expect(hostPermissionPattern('https://xn--bcher-kva.test:444')).toBe('https://xn--bcher-kva.test/*');
  });
});

describe('unusedHostAccess', () => {
  const required = ['https://shrtnr.co/*'];
  const patterns = ['https://own.example/*', 'https://team.example/*', 'https://gone.example/*', 'https://shrtnr.co/*'];

  it("gives back what no saved account's server uses, on any port, and never the manifest's own", () => {
    expect(unusedHostAccess(patterns, ['https://own.example', 'https://team.example:8443'], required)).toEqual(['https://gone.example/*']);
  });

  it('gives back every pattern but the manifest\'s when no account is saved', () => {
    expect(unusedHostAccess(patterns, [], required)).toEqual(['https://own.example/*', 'https://team.example/*', 'https://gone.example/*']);
  });

  it('keeps one pattern two accounts share once either is left', () => {
    expect(unusedHostAccess(['https://own.example/*'], ['https://own.example', 'https://own.example:8443'], [])).toEqual([]);
    expect(unusedHostAccess(['https://own.example/*'], ['https://own.example:8443'], [])).toEqual([]);
  });

  it('reads a server that is no address as using nothing', () => {
    expect(unusedHostAccess(['https://own.example/*'], ['', 'own.example'], [])).toEqual(['https://own.example/*']);
  });
});
