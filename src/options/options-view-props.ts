import type { ComponentChildren } from 'preact';
import type { PermissionRow } from './held-permissions';
import type { AcceptedPageLinkHost } from '../storage/page-link-hosts';
import type { HeldPermission } from './options-connector';
import type { Preferences } from './preferences';

// The settings page's props (options-view.tsx, account-editor.tsx), apart so that their parts can name them.

/** What the account editor holds: the edited account's fields as typed, saved together by its own button. */
export interface AccountFormValues {
  tokenDraft: string;
  /** The edited account's name as typed (empty: its server's host). */
  accountName: string;
  serverUrl: string;
}

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

/** One account's name, server, token and connection test, and its Save. */
export interface AccountEditorProps {
  values: AccountFormValues;
  /** The name of the account edited; undefined for one being added. */
  editingName: string | undefined;
  savedToken: SavedToken | undefined;
  /** The host another page or sync moved the edited account to while a token was typed for the server on screen, which Save keeps. */
  serverMovedTo: string | undefined;
  fieldErrors: FieldErrors;
  /** What the last save or token change came to; else whether what the editor holds is not saved yet. */
  status: string;
  connection: ConnectionStatus;
  /** Only the fields that changed: merged into the latest values, so simultaneous edits never overwrite each other. */
  onChange(patch: Partial<AccountFormValues>): void;
  onUseTokenWithServer(): void;
  onSave(): void;
  onClearToken(): void;
  onTestConnection(): void;
  onGrantHostAccess(): void;
}

/** A card of preferences saved as each is changed: each as its control shows it, and what the last change came to. */
export interface PreferenceCardProps {
  shown: Preferences;
  status: string;
  onChoose<Key extends keyof Preferences>(key: Key, value: Preferences[Key]): void;
}

export interface OptionsViewProps {
  /** The accounts, with the editor of one of them. */
  accountsCard: ComponentChildren;
  behaviour: PreferenceCardProps & {
    /** The short link hosts the popup accepted, each for its page's host. */
    pageLinkHosts: readonly AcceptedPageLinkHost[];
    onForgetPageLinkHost(pair: AcceptedPageLinkHost): void;
  };
  history: PreferenceCardProps & { historyLeft: HistoryLeft; onClearHistory(): void; onOpenHistory(): void };
  /** The cards after the preferences that save as they change with a form or state of their own (campaign presets, sync). */
  cards: ComponentChildren;
  /** The optional permissions held (undefined until read), and what giving one back came to. */
  permissions: { rows: PermissionRow[] | undefined; status: string };
  onGiveBack(permission: HeldPermission): void;
}
