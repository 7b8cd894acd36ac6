import { browser } from './browser';
import { hostPermissionPattern, unusedHostAccess } from './host-permission';

/** The host patterns the manifest asks for at install: not optional, never given back. */
export const requiredHostAccess = (): string[] => browser.runtime.getManifest().host_permissions ?? [];

/**
 * Gives back the host access these servers were granted, except what a
 * server still in use (or the manifest) needs: an account removed or moved
 * to another server leaves no access behind.
 */
export async function giveBackHostAccess(servers: readonly string[], stillUsed: readonly string[]): Promise<void> {
  await giveBackPatterns([...new Set(servers.filter((server) => URL.canParse(server)).map(hostPermissionPattern))], stillUsed);
}

/** Gives back these host patterns (access granted on trial, or a server's), but those a server still in use or the manifest needs, and those not held. */
export async function giveBackPatterns(patterns: readonly string[], stillUsed: readonly string[]): Promise<void> {
  const unused = unusedHostAccess(patterns, stillUsed, requiredHostAccess());
  const held = (await Promise.all(unused.map(async (pattern) => ((await browser.permissions.contains({ origins: [pattern] })) ? [pattern] : [])))).flat();
  if (held.length > 0) await browser.permissions.remove({ origins: held });
}
