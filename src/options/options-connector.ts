import type { ApiError, Result } from '../api';
import type { Words } from '../platform/words';
import type { SendingSettings } from '../storage/account-tokens';
import type { SavedToken } from '../storage/token-vault';
import type { AcceptedPageLinkHost } from '../storage/page-link-hosts';
import type { Settings } from '../storage/settings-schema';
import type { SyncedKey } from '../storage/synced-preferences';

/**
 * The settings, the tokens saved on this machine for their accounts (by
 * account id), the preferences sync holds apart, and the short link hosts
 * the popup accepted (none of either when absent).
 */
export type OptionsSettings = SendingSettings & { syncHeld?: SyncedKey[]; pageLinkHosts?: AcceptedPageLinkHost[] };

/** An account's token, as the settings page saves it with the account. */
export interface AccountToken {
  account: string;
  saved: SavedToken;
}

/** An optional permission the extension holds beyond those it was installed with. */
export type HeldPermission = { kind: 'tabs' } | { kind: 'host'; pattern: string };

/** Everything the options page needs from the browser; the view never calls `browser.*` itself. */
export interface OptionsConnector {
  /** The page's words, in the browser's UI language. */
  words: Words;
  load(): Promise<OptionsSettings>;
  /**
   * Saves these settings (only these: another page may be saving others) and,
   * when given, an account's token, in one write: both are saved, or neither.
   */
  save(changes: Partial<Settings>, token?: AccountToken): Promise<void>;
  /** Saves an account's token, bound to the server it is for. */
  saveToken(account: string, saved: SavedToken): Promise<void>;
  /** Removes an account's token from this machine. */
  clearToken(account: string): Promise<void>;
  /** Calls back whenever the stored settings change (another options page, another window); returns the unsubscribe. */
  onStoredChange(callback: () => void): () => void;
  testConnection(serverUrl: string, token: string): Promise<Result<{ serverUrl: string }, ApiError>>;
  /** Whether the extension may reach this origin without relying on the server's CORS answers. */
  hasHostAccess(origin: string): Promise<boolean>;
  /**
   * Must be called from a click: browsers only show the prompt for a user
   * gesture. What it grants is on trial: when the page is left, the worker
   * gives it back unless the server was saved.
   */
  requestHostAccess(origin: string): Promise<boolean>;
  /** The optional permissions held now, tabs first, then hosts in order. */
  heldPermissions(): Promise<HeldPermission[]>;
  /** Gives one back; rejects with the browser's reason. */
  givePermissionBack(permission: HeldPermission): Promise<void>;
  /** Calls back when a permission is granted or given back, anywhere; returns the unsubscribe. */
  onPermissionsChange(callback: () => void): () => void;
  /** Gives back the access granted for these servers (an account removed, or moved), except what the servers still in use need. */
  releaseHostAccess(servers: string[], stillUsed: string[]): Promise<void>;
  /** Forgets a short link host accepted for a page's host: its links there are offered again, not used. */
  forgetPageLinkHost(pair: AcceptedPageLinkHost): Promise<void>;
  /** How many links history holds. */
  historyCount(): Promise<number>;
  /** Deletes every history entry; resolves to how many there were. */
  clearHistory(): Promise<number>;
  openHistory(): void;
}
