/**
 * The host permission pattern that covers a server's origin in both browsers:
 * `https://host/*`, without the port. Chrome's match patterns accept a port,
 * but Firefox's never match one: `permissions.request` grants
 * `https://127.0.0.1:8443/*`, `permissions.contains` says yes, and yet the
 * extension still has no access to that origin (seen in Firefox 153;
 * https://bugzil.la/1362809). A pattern without a port matches every port
 * in both.
 */
export function hostPermissionPattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}

/**
 * Of these host patterns (granted on trial, or for an account removed), those
 * to give back: the ones that neither a saved account's server nor the
 * manifest's own host permissions use.
 */
export function unusedHostAccess(patterns: readonly string[], savedServers: readonly string[], required: readonly string[]): string[] {
  const saved = new Set(savedServers.filter((server) => URL.canParse(server)).map(hostPermissionPattern));
  return patterns.filter((pattern) => !saved.has(pattern) && !required.includes(pattern));
}
