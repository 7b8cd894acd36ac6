import { TABS_PERMISSION } from '../platform/tabs-permission';
import { openHostAccessTrialPort, type PageToWorkerTrial } from '../messages/host-access-trial-port';
import type { PortEnd } from '../messages/ports';
import { browser } from '../platform/browser';
import { hostPermissionPattern } from '../platform/host-permission';
import { browserWords } from '../platform/i18n';
import { ping } from '../api/ping';
import { localArea, onSettingsChanged, tokenVault } from '../storage/extension-storage';
import type { HistoryStore } from '../storage/history-entry';
import { openHistoryStore } from '../storage/history-store';
import { readSendingSettings } from '../storage/account-tokens';
import { forgetPageLinkHost, readPageLinkHosts } from '../storage/page-link-hosts';
import { readSyncHeld } from '../storage/sync-area';
import { settingsItems, writeSettings } from '../storage/settings-writer';
import { giveBackHostAccess, requiredHostAccess } from '../platform/host-access';
import type { HeldPermission, OptionsConnector } from './options-connector';

/** Access this page asked for on trial: the worker hears each, and gives back the unused ones when this page is left. */
const onTrialHere = new Set<string>();
let trialPort: PortEnd<PageToWorkerTrial, never> | undefined;

/** Tells the worker, over the port held open while this page lives (host-access-trial-port.ts). */
function tellWorkerOnTrial(): void {
  if (trialPort === undefined) {
    trialPort = openHostAccessTrialPort();
    // The worker stopped (Chrome stops an idle one): the next one hears it all again.
    trialPort.onClose(() => {
      trialPort = undefined;
      tellWorkerOnTrial();
    });
  }
  for (const pattern of onTrialHere) trialPort.post({ type: 'on-trial', pattern });
}

let historyStore: HistoryStore | undefined;
const history = (): HistoryStore => (historyStore ??= openHistoryStore());

export const extensionConnector: OptionsConnector = {
  words: browserWords(),
  load: async () => {
    const [settings, syncHeld, pageLinkHosts] = await Promise.all([readSendingSettings(localArea, await tokenVault()), readSyncHeld(), readPageLinkHosts(localArea)]);
    return { ...settings, syncHeld, pageLinkHosts };
  },
  async save(changes, token) {
    if (token === undefined) return writeSettings(localArea, changes);
    // The token and the settings as the writer makes them, in one write where the tokens are kept in storage.local.
    await (await tokenVault()).write(token.account, token.saved, settingsItems(changes));
  },
  saveToken: async (account, saved) => (await tokenVault()).write(account, saved),
  clearToken: async (account) => (await tokenVault()).remove([account]),
  onStoredChange: (callback) => onSettingsChanged(callback),
  testConnection: (serverUrl, token) => ping({ serverUrl, token }),
  hasHostAccess: (origin) => browser.permissions.contains({ origins: [hostPermissionPattern(origin)] }),
  async requestHostAccess(origin) {
    const pattern = hostPermissionPattern(origin);
    // Asked before anything is awaited: browsers prompt only within the click.
    const granted = await browser.permissions.request({ origins: [pattern] });
    if (granted) {
      onTrialHere.add(pattern);
      tellWorkerOnTrial();
    }
    return granted;
  },
  async heldPermissions() {
    const { permissions = [], origins = [] } = await browser.permissions.getAll();
    const held: HeldPermission[] = permissions.includes('tabs') ? [{ kind: 'tabs' }] : [];
    return [...held, ...origins.filter((pattern) => !requiredHostAccess().includes(pattern)).map((pattern) => ({ kind: 'host' as const, pattern }))];
  },
  async givePermissionBack(permission) {
    await browser.permissions.remove(permission.kind === 'tabs' ? TABS_PERMISSION : { origins: [permission.pattern] });
  },
  onPermissionsChange(callback) {
    browser.permissions.onAdded.addListener(callback);
    browser.permissions.onRemoved.addListener(callback);
    return () => {
      browser.permissions.onAdded.removeListener(callback);
      browser.permissions.onRemoved.removeListener(callback);
    };
  },
  releaseHostAccess: (servers, stillUsed) => giveBackHostAccess(servers, stillUsed),
  forgetPageLinkHost: (pair) => forgetPageLinkHost(localArea, pair),
  historyCount: () => history().count(),
  clearHistory: async () => (await history().clear()).length,
  openHistory() {
    void browser.tabs.create({ url: browser.runtime.getURL('src/history/index.html') });
  },
};
