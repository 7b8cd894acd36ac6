import { browser } from '../platform/browser';
import { listenForMessages } from '../messages/messaging';
import { createMenus, onMenuClicked } from './context-menus';
import { installE2eHooks } from './e2e-hooks';
import { onCommand } from './keyboard-command';
import { backgroundMessageHandlers } from './message-handlers';
import { backgroundHistory, resumeInterruptedJobs } from './shorten-and-copy';

// Listeners are registered synchronously at the top level, so a worker woken
// by an event finds its listener in place (MV3 requirement).
browser.runtime.onInstalled.addListener(() => void createMenus());
browser.runtime.onStartup.addListener(() => void createMenus());
browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClicked(info, tab));
browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));
listenForMessages('background', backgroundMessageHandlers);
// The alarm only exists to wake a worker that was stopped mid-shortening; starting is the work.
browser.alarms.onAlarm.addListener(() => undefined);
void resumeInterruptedJobs(Date.now());

if (import.meta.env.MODE === 'e2e') installE2eHooks({ onMenuClicked, onCommand, history: backgroundHistory });
