import type { BulkToPopup } from '../messages/bulk-port';
import type { Words } from '../platform/words';
import type { QrPanelComponent } from '../qr/qr-on-request';
import type { ClipboardPayload } from '../shortening/copy-formats';
import type { PageLinkOffer } from '../shortening/page-short-link';
import type { ShortenAnswer, ShortenRequest } from '../shortening/shortening';
import type { AcceptedPageLinkHost } from '../storage/page-link-hosts';
import type { ShortenProgress } from '../shortening/shorten-request';
import type { RecentHistory } from '../storage/history-entry';
import type { TextLinksOutcome } from '../messages/message-map';
import type { ShareActions } from '../share/share-actions';
import type { BulkPanelComponent } from './bulk-panel';
import type { Campaign, CampaignPanelComponent } from './campaign-on-request';
import type { MenulessToolsComponent } from './menuless-tools';

export type { AcceptedPageLinkHost, PageLinkOffer, ShortenAnswer, ShortenProgress, ShortenRequest };

/** The tab the popup was opened on, as far as the browser reveals it. */
export interface PopupTab {
  /** Absent when the browser does not reveal it (no activeTab grant, a page of its own). */
  url?: string;
  title?: string;
  /** The tab's id, to read its page's own short link (absent when the browser gave none). */
  id?: number;
  /**
   * The popup's window is private (incognito): nothing shortened from it is
   * recorded, typed links included. Read from the window itself, so it is
   * known even when the tab's address is not.
   */
  private: boolean;
}

/** The tab whose page a request shortens, and who hears the page's own short link if it declares one (offered beside the server's). */
export interface RequestPage {
  tab: number;
  onShortLink(offer: PageLinkOffer): void;
}

/**
 * Everything the popup needs from the browser; the views never call `browser.*` themselves.
 * Its functions are called unbound: the popup hands the loaders to its views as they are, the same for its life.
 */
export interface PopupConnector extends ShareActions {
  /** The popup's words, in the browser's UI language. */
  words: Words;
  /** The tab the popup was opened on, and whether its window is private. */
  currentTab(): Promise<PopupTab>;
  /**
   * Shortens through the worker, which answers from history when it holds the
   * link, else queues it; `onProgress` hears where it stands while it waits for
   * the server's limit. Never rejects: a failure to reach the worker comes
   * back as an `internal` error.
   */
  shorten(request: ShortenRequest, onProgress?: (progress: ShortenProgress) => void, page?: RequestPage): Promise<ShortenAnswer>;
  /** Cancels the newest shortening while it waits; its answer is then a `cancelled` error. */
  cancelShortening(): void;
  /** The newest history entries, newest first; none when history cannot be read. Never rejects. */
  recent(limit: number): Promise<RecentHistory>;
  /**
   * Puts the payload on the clipboard: its text, and its HTML beside it when
   * there is some (a rich copy). `byHand`: the user's own copy (a Copy button),
   * which no link of an earlier click may replace. False, never a rejection, when the browser refuses.
   */
  copy(payload: ClipboardPayload, options?: { byHand: boolean }): Promise<boolean>;
  /** Makes this account (by id) the active one: the popup, the shortcut and the menu's own items shorten with it from now on. False when it could not (the account is gone). Never rejects. */
  useAccount(account: string): Promise<boolean>;
  /** Accepts a short link's host for a page's host: such links there are used without asking from now on (with the setting on). False when it could not be saved. Never rejects. */
  usePageLinkHost(hosts: AcceptedPageLinkHost): Promise<boolean>;
  /** The campaign panel, loaded only when first asked for (a chunk of its own). */
  loadCampaignPanel(): Promise<CampaignPanelComponent>;
  /** The campaign presets saved on the settings page (checked by the worker); none when they cannot be read. Never rejects. */
  campaignPresets(): Promise<Campaign[]>;
  /** The QR panel, loaded only when first asked for (a chunk of its own, with the QR encoder). */
  loadQrPanel(): Promise<QrPanelComponent>;
  /**
   * Follows this window's "Shorten all tabs" run: the listener hears it
   * (undefined when there is none) now and after every change, and why a
   * start failed. Once per popup.
   */
  watchBulk(listener: (update: BulkToPopup) => void): void;
  /**
   * Asks for the `tabs` permission (within the click: browsers grant it only
   * from the user's own gesture), then starts the run. False when the
   * permission was refused; the run's progress comes to `watchBulk`'s listener.
   */
  shortenAllTabs(): Promise<boolean>;
  /** Drops the run's tabs still waiting. */
  cancelBulk(): void;
  /** Forgets the ended run. */
  dismissBulk(): void;
  /** The run's panel, loaded only when a run is shown (a chunk of its own). */
  loadBulkPanel(): Promise<BulkPanelComponent>;
  /** Whether this browser has a context menu. Where it has none (Firefox for Android), the popup says where the menu's tools are, and offers the one it lacks. */
  hasContextMenu: boolean;
  /** The tools of a browser with no context menu, loaded only there (a chunk of its own). */
  loadMenulessTools(): Promise<MenulessToolsComponent>;
  /** "Shorten the links in the selection" of the popup's tab, copied by the worker as the menu item does; undefined when the worker could not be reached. Never rejects. */
  shortenSelectionLinks(tab: number, inPrivate: boolean): Promise<TextLinksOutcome | undefined>;
  /** Saves a file the user asked for (a QR code) as a download. */
  saveFile(fileName: string, data: Blob): void;
  openSettings(): void;
  openHistory(): void;
  /** Opens the list page in a tab ("Shorten a list"). */
  openList(): void;
  /** Closes the popup. */
  close(): void;
}
