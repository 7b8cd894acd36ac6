import { listenForMessages } from '../messages/messaging';
import { browser } from '../platform/browser';
import { browserFeatures } from '../platform/features';
import { usePopupOfUiDirection } from '../platform/toolbar-popup';
import { badgeAtWorkerStart, badgeWaiting } from './delivery/badge';
import { notificationClicked, resumeInterruptedJobs } from './delivery/deliver';
import { questionButtonClicked, questionClosed } from './delivery/question';
import { onBulkPort } from './entries/bulk-port';
import { createMenus, onMenuClicked } from './entries/context-menus';
import { onHostAccessTrialPort } from './entries/host-access-trial';
import { onListPort } from './entries/list-port';
import { onCommand } from './entries/keyboard-command';
import { onOmniboxCancelled, onOmniboxChanged, onOmniboxEntered, onOmniboxStarted } from './entries/omnibox';
import { backgroundMessageHandlers } from './entries/message-handlers';
import { onShortenPort } from './entries/shorten-port';
import { keepResumeAlarm } from './queue/job-journal';
import { onPermissionsAdded } from './runs/run-wish';
import { resumeRuns } from './runs/resume-runs';
import { forgetPrivateListRun } from './runs/list-runs';
import { forgetWindowRun } from './runs/tabs-runs';
import { onSettingsChanged, tokenVault } from '../storage/extension-storage';
import { onSyncedChanged } from '../storage/sync-area';
import { SYNCED_KEYS } from '../storage/synced-preferences';
import { syncPreferencesSoon } from './sync/preferences-sync';
import { whenWaitingChanges } from './service/shortening-service';

/*
 * The worker (Chrome) or event page (Firefox), in rooms that read in layers:
 * entries/ (the ways in: menus, the shortcut, the pages' ports and messages)
 * → runs/ ("Shorten all tabs", "Shorten a list") and delivery/ (the clipboard and its rule, the
 * badge, notifications) → service/ (the one shortening path: history cache,
 * credentials, the queue) → queue/ (the rate-limit queue, its gates and
 * journal). testing/ holds what only the e2e build installs.
 */

// First, before any way in can inject a script into a page: storage closed to pages where the browser allows it,
// and the tokens moved out of their reach where it does not (storage/token-vault.ts).
void tokenVault();

// The toolbar's popup: its page drawn in the UI language's direction with no stylesheet to fetch.
void usePopupOfUiDirection();

// Listeners are registered synchronously at the top level, so a worker woken
// by an event finds its listener in place (MV3 requirement). A way in the
// browser lacks (Firefox for Android: no context menu, no shortcuts, no
// address-bar keyword, no windows) is left out, not failed on: the popup and
// the pages' ports carry the rest (src/platform/features.ts).
const has = browserFeatures();
const startUp = () => {
  if (has.contextMenus) void createMenus();
  syncPreferencesSoon();
};
browser.runtime.onInstalled.addListener(startUp);
browser.runtime.onStartup.addListener(startUp);
// Preferences follow the user through the browser's sync: merged when either side changes (each side's event
// wakes a stopped worker), and on install and browser start (above); not at every worker start, which a popup
// or a click causes far more often than preferences change.
onSettingsChanged(syncPreferencesSoon, [...SYNCED_KEYS, 'syncPreferences']);
onSyncedChanged(syncPreferencesSoon);
if (has.contextMenus) {
  // The campaign submenu lists the presets, the account submenus the accounts: made again when they change.
  onSettingsChanged(() => void createMenus(), ['campaignPresets', 'accounts']);
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(info, tab));
}
if (has.commands) browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));
if (has.notifications) {
  browser.notifications.onClicked.addListener((id) => void notificationClicked(id));
  browser.notifications.onButtonClicked.addListener(questionButtonClicked);
  browser.notifications.onClosed.addListener(questionClosed);
}
if (has.omnibox) {
  browser.omnibox.onInputStarted.addListener(onOmniboxStarted);
  browser.omnibox.onInputChanged.addListener((text, suggest) => void onOmniboxChanged(text, suggest));
  browser.omnibox.onInputEntered.addListener((text) => void onOmniboxEntered(text));
  browser.omnibox.onInputCancelled.addListener(onOmniboxCancelled);
}
browser.runtime.onConnect.addListener(onShortenPort);
browser.runtime.onConnect.addListener(onBulkPort);
browser.runtime.onConnect.addListener(onListPort);
browser.runtime.onConnect.addListener(onHostAccessTrialPort);
browser.permissions.onAdded.addListener((added) => void onPermissionsAdded(added));
// Without windows (Firefox for Android) there is one, never closed: its run is forgotten when dismissed.
if (has.windows) {
  browser.windows.onRemoved.addListener((windowId) => {
    void forgetWindowRun(windowId);
    // The last private window closed: private browsing is over, and a list sent from it goes with it.
    void browser.windows.getAll().then(async (left) => {
      if (!left.some((window) => window.incognito)) await forgetPrivateListRun();
    });
  });
}
listenForMessages('background', backgroundMessageHandlers);
// The alarm wakes a worker that was stopped while links waited; starting is the work (resumeInterruptedJobs below).
browser.alarms.onAlarm.addListener(() => void keepResumeAlarm());
// The badge counts the links waiting for the server's limit; what the stopped worker left on it goes first.
void badgeAtWorkerStart();
whenWaitingChanges((waiting, forNetwork) => void badgeWaiting(waiting, forNetwork));
const workerStartedAt = Date.now();
void resumeInterruptedJobs(workerStartedAt, (bulkJobs) => resumeRuns(bulkJobs, workerStartedAt));
