import { browser } from '../platform/browser';
import { closeStorageToPages } from '../platform/storage-access';
import type { StorageAreaLike } from './settings';
import type { SettingKey } from './settings-schema';
import { migratedArea } from './settings-migrations';
import { tokenDatabase } from './token-database';
import { openTokenVault, type TokenVault } from './token-vault';

/**
 * The storage area settings live in. storage.sync only ever gets a copy of
 * some preferences (sync-area.ts), never the token or the server, which stay
 * on this device. Its first use in each context brings the stored
 * settings up to date (settings-migrations.ts).
 */
export const localArea: StorageAreaLike = migratedArea(browser.storage.local);

let vault: Promise<TokenVault> | undefined;

/**
 * Where this browser keeps the tokens (token-vault.ts), chosen on first use
 * in each context: the worker's start closes storage.local to pages, and
 * moves any token left where pages can read it, before anything is injected.
 */
export function tokenVault(): Promise<TokenVault> {
  vault ??= openTokenVault({
    area: localArea,
    closeAreaToPages: closeStorageToPages,
    database: tokenDatabase(() => indexedDB),
  });
  return vault;
}

/**
 * Calls back when any of these settings (any at all, when none are named)
 * changes in storage.local, from any page or context; returns the unsubscribe.
 */
export function onSettingsChanged(callback: () => void, keys?: readonly SettingKey[]): () => void {
  const listener = (changes: Record<string, unknown>) => {
    if (keys === undefined || keys.some((key) => key in changes)) callback();
  };
  // storage.local's own event, not storage.onChanged: that one also hands every page each write of storage.session,
  // where a running tabs run is rewritten every second (a megabyte at a thousand tabs, old and new value).
  browser.storage.local.onChanged.addListener(listener);
  return () => browser.storage.local.onChanged.removeListener(listener);
}
