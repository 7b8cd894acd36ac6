import { browser } from '../platform/browser';
import { listenForMessages } from '../messages/messaging';
import { onBulkPort } from './bulk-port';
import { forgetWindowRun, onPermissionsAdded, resumeBulkRuns } from './bulk-runs';
import { createMenus, onMenuClicked } from './context-menus';
import { installE2eHooks } from './e2e-hooks';
import { keepResumeAlarm } from './job-journal';
import { onHostAccessTrialPort } from './host-access-trial';
import { onCommand } from './keyboard-command';
import { backgroundMessageHandlers } from './message-handlers';
import { backgroundHistory, copyOffered, resumeInterruptedJobs } from './shorten-and-copy';
import { onShortenPort } from './shorten-port';

// Listeners are registered synchronously at the top level, so a worker woken
// by an event finds its listener in place (MV3 requirement).
browser.runtime.onInstalled.addListener(() => void createMenus());
browser.runtime.onStartup.addListener(() => void createMenus());
browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(info, tab));
browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));
browser.notifications.onClicked.addListener((id) => void copyOffered(id));
browser.runtime.onConnect.addListener(onShortenPort);
browser.runtime.onConnect.addListener(onBulkPort);
browser.runtime.onConnect.addListener(onHostAccessTrialPort);
browser.permissions.onAdded.addListener((added) => void onPermissionsAdded(added));
browser.windows.onRemoved.addListener((windowId) => void forgetWindowRun(windowId));
listenForMessages('background', backgroundMessageHandlers);
// The alarm wakes a worker that was stopped while links waited; starting is the work (resumeInterruptedJobs below).
browser.alarms.onAlarm.addListener(() => void keepResumeAlarm());
const workerStartedAt = Date.now();
void resumeInterruptedJobs(workerStartedAt, (bulkJobs) => resumeBulkRuns(bulkJobs, workerStartedAt));

if (import.meta.env.MODE === 'e2e') installE2eHooks({ onMenuClicked, onCommand, history: backgroundHistory, onNotificationClicked: copyOffered });
