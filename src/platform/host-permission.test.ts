import { describe, expect, it } from 'vitest';
import { hostPermissionPattern } from './host-permission';

describe('hostPermissionPattern', () => {
  it('covers the host on every port, as Firefox can only match that', () => {
    expect(hostPermissionPattern('https://127.0.0.1:8443')).toBe('https://127.0.0.1/*');
    expect(hostPermissionPattern('https://short.example')).toBe('https://short.example/*');
    expect(hostPermissionPattern('https://[::1]:9000')).toBe('https://[::1]/*');
    expect(hostPermissionPattern('https://xn--bcher-kva.test:444')).toBe('https://xn--bcher-kva.test/*');
  });
});
