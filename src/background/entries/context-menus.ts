import { browser, type Menus, type Tabs } from '../../platform/browser';
import { browserWords } from '../../platform/i18n';
import { titled, type ShortenRequest } from '../../shortening/shortening';
import { localArea } from '../../storage/extension-storage';
import { readSettings } from '../../storage/settings';
import { shortenAndCopy, type BackgroundOutcome } from '../delivery/deliver';
import type { TextOutcome } from '../writing/deliver-text';
import { shortenFieldLinks } from '../writing/field-links';
import { shortenSelectionLinks } from '../writing/selection-links';

export const MENU_IDS = {
  link: 'shorten-link',
  page: 'shorten-page',
  selection: 'shorten-selection',
  field: 'shorten-field',
  /** "Shorten with campaign ▸": its items are `campaign:` and the preset's name. */
  campaigns: 'shorten-with-campaign',
  /** "Shorten link with ▸" and "Shorten page with ▸", when there is more than one account: items `account-link:` / `account-page:` and the account's id. */
  linkWithAccount: 'shorten-link-with',
  pageWithAccount: 'shorten-page-with',
} as const;

const CAMPAIGN_ITEM = 'campaign:';
const ACCOUNT_LINK_ITEM = 'account-link:';
const ACCOUNT_PAGE_ITEM = 'account-page:';

const WEB_PAGES = ['http://*/*', 'https://*/*'];
let creatingMenus: Promise<void> = Promise.resolve();
let roundsStarted = 0;

/**
 * (Re)creates the menu items. Removing all first makes it safe on install,
 * update and browser start alike ("Cannot create item with duplicate id"
 * otherwise); calls are chained so two triggers cannot interleave, and a
 * round that failed does not stop the next one.
 */
export function createMenus(): Promise<void> {
  roundsStarted += 1;
  creatingMenus = creatingMenus.catch(() => undefined).then(async () => {
    const { t } = browserWords();
    const { campaignPresets, accounts } = await readSettings(localArea, ['campaignPresets', 'accounts']);
    await browser.contextMenus.removeAll();
    await Promise.all([
      createMenu({ id: MENU_IDS.link, title: t('menuShortenLink'), contexts: ['link'], targetUrlPatterns: WEB_PAGES }),
      createMenu({ id: MENU_IDS.page, title: t('menuShortenPage'), contexts: ['page'], documentUrlPatterns: WEB_PAGES }),
      createMenu({ id: MENU_IDS.selection, title: t('menuShortenSelection'), contexts: ['selection'] }),
      createMenu({ id: MENU_IDS.field, title: t('menuShortenField'), contexts: ['editable'] }),
    ]);
    // Only when there is more than one account: a link or the page, with the account chosen.
    if (accounts.length > 1) {
      await createMenu({ id: MENU_IDS.linkWithAccount, title: t('menuShortenLinkWith'), contexts: ['link'], targetUrlPatterns: WEB_PAGES });
      await createMenu({ id: MENU_IDS.pageWithAccount, title: t('menuShortenPageWith'), contexts: ['page'], documentUrlPatterns: WEB_PAGES });
      await Promise.all(
        accounts.flatMap(({ id, name }) => [
          createMenu({ id: `${ACCOUNT_LINK_ITEM}${id}`, parentId: MENU_IDS.linkWithAccount, title: menuTitle(name), contexts: ['link'], targetUrlPatterns: WEB_PAGES }),
          createMenu({ id: `${ACCOUNT_PAGE_ITEM}${id}`, parentId: MENU_IDS.pageWithAccount, title: menuTitle(name), contexts: ['page'], documentUrlPatterns: WEB_PAGES }),
        ]),
      );
    }
    // Only when there are presets: a link or the page, tagged with one.
    if (campaignPresets.length === 0) return;
    const contexts: Menus.ContextType[] = ['link', 'page'];
    await createMenu({ id: MENU_IDS.campaigns, title: t('menuShortenWithCampaign'), contexts, documentUrlPatterns: WEB_PAGES });
    await Promise.all(
      campaignPresets.map(({ name }) => createMenu({ id: `${CAMPAIGN_ITEM}${name}`, parentId: MENU_IDS.campaigns, title: menuTitle(name), contexts, documentUrlPatterns: WEB_PAGES })),
    );
  });
  return creatingMenus;
}

/**
 * A name the user gave (an account's, a preset's) as an item's title, shown as written. Chrome and Firefox read an `&`
 * in a title as marking the next letter as the item's access key, unshown, and show `&&` as one `&` (MDN, menus.create;
 * w3c/webextensions#1064): "R&D" showed as "RD". Both put the selected text in place of `%s` (Chrome in every item,
 * selection or none, MenuItem::TitleWithReplacement, with no escape for it; Firefox when text is selected): a word
 * joiner (U+2060, unseen) between `%` and `s` keeps "50%sale" from showing as "50ale".
 */
export const menuTitle = (name: string): string => name.replaceAll('&', '&&').replaceAll('%s', '%\u2060s');

/** How many rounds of menu creation this worker started, and the end of the latest (the e2e hooks read it). */
export function menuRounds(): { started: number; latest: Promise<void> } {
  return { started: roundsStarted, latest: creatingMenus };
}

function createMenu(properties: Menus.CreateCreatePropertiesType): Promise<void> {
  return new Promise((resolve, reject) => {
    browser.contextMenus.create(properties, () => {
      const error = browser.runtime.lastError;
      if (error) reject(new Error(`menu ${String(properties.id)}: ${error.message}`));
      else resolve();
    });
  });
}

export async function onMenuClicked(info: Menus.OnClickData, tab: Tabs.Tab | undefined): Promise<BackgroundOutcome | TextOutcome | undefined> {
  switch (info.menuItemId) {
    case MENU_IDS.link:
      return shortenLink(info, tab);
    case MENU_IDS.page:
      return shortenPage(info, tab);
    case MENU_IDS.selection:
      return shortenSelectionLinks(info, tab, inPrivateOf(tab));
    case MENU_IDS.field:
      return shortenFieldLinks(info, tab);
    default:
      return typeof info.menuItemId === 'string' ? shortenWithChoice(info, tab, info.menuItemId) : undefined;
  }
}

/** What a submenu's item adds to the request: the account chosen, or the campaign's tags. */
type Choice = Pick<ShortenRequest, 'account' | 'campaign'>;

// Nothing shortened in a private window is recorded.
const inPrivateOf = (tab: Tabs.Tab | undefined) => ({ private: tab?.incognito ?? false, fresh: false });

/** The link right-clicked (Firefox names the link's text; Chrome does not). */
const shortenLink = (info: Menus.OnClickData, tab: Tabs.Tab | undefined, choice: Choice = {}) =>
  shortenAndCopy({ url: info.linkUrl ?? '', via: 'menu-link', ...titled(info.linkText), ...inPrivateOf(tab), ...choice });

/** The page right-clicked, in its tab (whose own short link may be read). */
const shortenPage = (info: Menus.OnClickData, tab: Tabs.Tab | undefined, choice: Choice = {}) =>
  shortenAndCopy({ url: info.pageUrl ?? tab?.url ?? '', via: 'menu-page', ...titled(tab?.title), ...inPrivateOf(tab), ...choice }, tab?.id);

/** A submenu's item: a campaign's, or an account's (the link, or the page, with that account). */
function shortenWithChoice(info: Menus.OnClickData, tab: Tabs.Tab | undefined, itemId: string): Promise<BackgroundOutcome | undefined> | undefined {
  if (itemId.startsWith(CAMPAIGN_ITEM)) return shortenWithCampaign(info, tab, itemId.slice(CAMPAIGN_ITEM.length));
  if (itemId.startsWith(ACCOUNT_LINK_ITEM)) return shortenLink(info, tab, { account: itemId.slice(ACCOUNT_LINK_ITEM.length) });
  if (itemId.startsWith(ACCOUNT_PAGE_ITEM)) return shortenPage(info, tab, { account: itemId.slice(ACCOUNT_PAGE_ITEM.length) });
  return undefined;
}

/** A link (or the page) tagged with the preset of that name, as the settings hold it now. */
async function shortenWithCampaign(info: Menus.OnClickData, tab: Tabs.Tab | undefined, name: string): Promise<BackgroundOutcome | undefined> {
  const { campaignPresets } = await readSettings(localArea, ['campaignPresets']);
  const campaign = campaignPresets.find((preset) => preset.name === name);
  if (campaign === undefined) return undefined;
  // One submenu serves both: a link when one was right-clicked, else the page (a campaign's link is never the page's own).
  return info.linkUrl === undefined ? shortenPage(info, tab, { campaign }) : shortenLink(info, tab, { campaign });
}
