import type { ComponentType } from 'preact';
import type { SheetOutcome } from '../platform/share-sheet';
import type { SharedLink } from './shared-link';
import type { ShareMenuProps, TabOutcome } from './share-menu';

export type { SheetOutcome, SharedLink, TabOutcome };
export type ShareMenuComponent = ComponentType<ShareMenuProps>;

/**
 * What sharing needs from the browser, part of each page's connector (the
 * popup's, the history page's): the views never call the browser, and a
 * component test drives the sheet and the menu alike with a fake.
 */
export interface ShareActions {
  /** The browser has a share sheet that takes this link (the Web Share API). */
  hasShareSheet(link: SharedLink): boolean;
  /** Opens the share sheet, within the user's click. */
  openShareSheet(link: SharedLink): Promise<SheetOutcome>;
  /** Opens a destination's address in a new tab (the popup then closes). Never rejects. */
  openShareTab(url: string): Promise<TabOutcome>;
  /** The menu of destinations, loaded only when first asked for (a chunk of its own). */
  loadShareMenu(): Promise<ShareMenuComponent>;
}
