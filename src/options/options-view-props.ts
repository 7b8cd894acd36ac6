import type { ComponentChildren } from 'preact';
import type { CopyFormat } from '../storage/copy-format-setting';
import type { PermissionRow } from './held-permissions';
import type { AcceptedPageLinkHost } from '../storage/page-link-hosts';
import type { HeldPermission } from './options-connector';

// The options form's values and props (options-view.tsx), apart so that its cards can name them.

export interface OptionsFormValues {
  tokenDraft: string;
  /** The edited account's name as typed (empty: its server's host). */
  accountName: string;
  serverUrl: string;
  autoCopy: boolean;
  history: boolean;
  copyFormat: CopyFormat;
  stripTracking: boolean;
  usePageShortLink: boolean;
}

/** The form's fields that are settings as they are (the token is a draft, the server is checked first). */
export const PLAIN_SETTINGS = ['autoCopy', 'history', 'copyFormat', 'stripTracking', 'usePageShortLink'] as const;

/** Links still in history while it is off, offered for deletion; `cleared` once they are gone. */
export type HistoryLeft = { state: 'none' } | { state: 'kept'; count: number } | { state: 'cleared'; count: number } | { state: 'failed'; message: string };

export type ConnectionStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'connected'; message: string }
  /** `offerHostAccess`: the server that could not be reached, to offer access to (the one tested, whatever the field says since). */
  | { state: 'failed'; message: string; offerHostAccess?: { host: string; serverUrl: string } };

export interface SavedToken {
  /** Its last characters, enough to recognise it. */
  ending: string;
  /** The host of the server it was saved for: the only one it is sent to. */
  host: string;
  /** Set when the saved server is another one, which the token is not sent to. */
  otherServerHost: string | undefined;
  /** When another machine moved the account to that server, through sync (ms since the epoch): said before the token is used there. */
  movedBySyncAt?: number;
}

export type FieldErrors = { token?: string; serverUrl?: string; accountName?: string };

export interface OptionsViewProps {
  values: OptionsFormValues;
  /** The name of the account the form edits; undefined for one being added. */
  editingName: string | undefined;
  savedToken: SavedToken | undefined;
  /** The host another page or sync moved the edited account to while a token was typed for the server on screen, which Save keeps. */
  serverMovedTo: string | undefined;
  fieldErrors: FieldErrors;
  saveStatus: string;
  connection: ConnectionStatus;
  /** Only the fields that changed: merged into the latest values, so simultaneous edits never overwrite each other. */
  onChange(patch: Partial<OptionsFormValues>): void;
  onUseTokenWithServer(): void;
  onSave(): void;
  onClearToken(): void;
  onTestConnection(): void;
  onGrantHostAccess(): void;
  /** The short link hosts the popup accepted, each for its page's host; what forgetting one came to, when it failed. */
  pageLinkHosts: { accepted: readonly AcceptedPageLinkHost[]; status: string; onForget(pair: AcceptedPageLinkHost): void };
  historyLeft: HistoryLeft;
  onClearHistory(): void;
  onOpenHistory(): void;
  /** The optional permissions held (undefined until read), and what giving one back came to. */
  permissions: { rows: PermissionRow[] | undefined; status: string };
  onGiveBack(permission: HeldPermission): void;
  /** The accounts, before the form that edits one of them. */
  accountsCard: ComponentChildren;
  /** The cards after the form that save as they change (sync, campaign presets): their own state; the app saves what they ask. */
  cards: ComponentChildren;
}
