// The worker's start-up in a browser that lacks one of the optional APIs (Firefox for Android has no context
// menus, keyboard commands, address-bar keyword or windows; Safari no notifications): it throws nothing and
// registers every other listener, the pages' ports among them, so the popup still works. What each listener
// does is its module's tests'; the real worker in real browsers is the e2e tests'.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OPTIONAL_APIS, type OptionalApi } from '../platform/features';

/** The events main.ts listens to, by namespace: a browser lacking a namespace has none of its events. */
const EVENTS = {
  runtime: ['onInstalled', 'onStartup', 'onConnect'],
  permissions: ['onAdded'],
  alarms: ['onAlarm'],
  contextMenus: ['onClicked'],
  commands: ['onCommand'],
  notifications: ['onClicked', 'onButtonClicked', 'onClosed'],
  omnibox: ['onInputStarted', 'onInputChanged', 'onInputEntered', 'onInputCancelled'],
  windows: ['onRemoved'],
} as const;
type Namespace = keyof typeof EVENTS;

type Listener = (...args: unknown[]) => unknown;
// Hoisted with the mock that hands the fake to every module, features.ts (imported above) among them.
const { heard, fakeBrowser } = vi.hoisted(() => ({
  /** The listeners registered, by `namespace.event`. */
  heard: new Map<string, Listener[]>(),
  fakeBrowser: {} as Record<string, Record<string, { addListener(listener: Listener): void }>>,
}));

/** A browser with every namespace main.ts uses but those `missing`. */
function browserWithout(missing: readonly OptionalApi[]): void {
  heard.clear();
  for (const key of Object.keys(fakeBrowser)) delete fakeBrowser[key];
  for (const [namespace, events] of Object.entries(EVENTS) as [Namespace, readonly string[]][]) {
    if ((missing as readonly string[]).includes(namespace)) continue;
    fakeBrowser[namespace] = Object.fromEntries(
      events.map((event) => [event, { addListener: (listener: Listener) => heard.set(`${namespace}.${event}`, [...(heard.get(`${namespace}.${event}`) ?? []), listener]) }]),
    );
  }
}

vi.mock('../platform/browser', () => ({ browser: fakeBrowser }));
// Everything main.ts wires up is a stand-in: what is tested is which listeners it registers, and that it starts.
vi.mock('../messages/messaging', () => ({ listenForMessages: vi.fn() }));
vi.mock('./delivery/badge', () => ({ badgeWaiting: vi.fn(), badgeAtWorkerStart: vi.fn(async () => undefined) }));
vi.mock('./delivery/deliver', () => ({ notificationClicked: vi.fn(), resumeInterruptedJobs: vi.fn() }));
vi.mock('./delivery/question', () => ({ questionButtonClicked: vi.fn(), questionClosed: vi.fn() }));
vi.mock('./entries/bulk-port', () => ({ onBulkPort: vi.fn() }));
vi.mock('./entries/list-port', () => ({ onListPort: vi.fn() }));
vi.mock('./entries/context-menus', () => ({ createMenus: vi.fn(), onMenuClicked: vi.fn() }));
vi.mock('./entries/host-access-trial', () => ({ onHostAccessTrialPort: vi.fn() }));
vi.mock('./entries/keyboard-command', () => ({ onCommand: vi.fn() }));
vi.mock('./entries/omnibox', () => ({ onOmniboxCancelled: vi.fn(), onOmniboxChanged: vi.fn(), onOmniboxEntered: vi.fn(), onOmniboxStarted: vi.fn() }));
vi.mock('./entries/shorten-port', () => ({ onShortenPort: vi.fn() }));
vi.mock('./entries/message-handlers', () => ({ backgroundMessageHandlers: {} }));
vi.mock('./queue/job-journal', () => ({ keepResumeAlarm: vi.fn() }));
vi.mock('./runs/run-wish', () => ({ onPermissionsAdded: vi.fn() }));
vi.mock('./runs/tabs-runs', () => ({ forgetWindowRun: vi.fn() }));
vi.mock('./runs/resume-runs', () => ({ resumeRuns: vi.fn() }));
vi.mock('../storage/extension-storage', () => ({ onSettingsChanged: vi.fn(), tokenVault: vi.fn() }));
vi.mock('../storage/sync-area', () => ({ onSyncedChanged: vi.fn() }));
vi.mock('./sync/preferences-sync', () => ({ syncPreferencesSoon: vi.fn() }));
vi.mock('./service/shortening-service', () => ({ whenWaitingChanges: vi.fn() }));
vi.mock('../storage/synced-preferences', () => ({ SYNCED_KEYS: [] }));
vi.mock('../platform/toolbar-popup', () => ({ usePopupOfUiDirection: vi.fn() }));

/** The worker starting, as the browser starts it: main.ts run afresh. */
async function startWorker() {
  vi.resetModules();
  await import('./main');
  return {
    createMenus: vi.mocked((await import('./entries/context-menus')).createMenus),
    listenForMessages: vi.mocked((await import('../messages/messaging')).listenForMessages),
    resumeInterruptedJobs: vi.mocked((await import('./delivery/deliver')).resumeInterruptedJobs),
    syncPreferencesSoon: vi.mocked((await import('./sync/preferences-sync')).syncPreferencesSoon),
    usePopupOfUiDirection: vi.mocked((await import('../platform/toolbar-popup')).usePopupOfUiDirection),
  };
}

const registered = (namespace: Namespace) => EVENTS[namespace].filter((event) => (heard.get(`${namespace}.${event}`) ?? []).length > 0);

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the worker, starting', () => {
  it('in a browser with every API, listens to every way in', async () => {
    browserWithout([]);
    await startWorker();
    for (const namespace of Object.keys(EVENTS) as Namespace[]) expect(registered(namespace), namespace).toEqual(EVENTS[namespace]);
  });

  it.each(OPTIONAL_APIS)('without %s: starts, listens to every other way in and to the pages, and does its start-up work', async (missing) => {
    browserWithout([missing]);
    const worker = await startWorker();
    for (const namespace of (Object.keys(EVENTS) as Namespace[]).filter((name) => name !== missing)) expect(registered(namespace), namespace).toEqual(EVENTS[namespace]);
    expect(registered(missing)).toEqual([]);
    // The popup's, the list page's and the settings page's ports, the pages' messages: what the popup needs.
    expect(heard.get('runtime.onConnect')).toHaveLength(4);
    expect(worker.listenForMessages).toHaveBeenCalledWith('background', expect.anything());
    expect(worker.resumeInterruptedJobs).toHaveBeenCalledOnce();
    // At every start, not only at install or the browser's: the popup's page of the UI language's direction.
    expect(worker.usePopupOfUiDirection).toHaveBeenCalledOnce();
    // Installed: the preferences merged, and the menus made only where there are menus.
    await heard.get('runtime.onInstalled')?.[0]?.();
    expect(worker.syncPreferencesSoon).toHaveBeenCalledOnce();
    expect(worker.createMenus).toHaveBeenCalledTimes(missing === 'contextMenus' ? 0 : 1);
  });

  it('in Firefox for Android (no context menus, commands, omnibox nor windows), the same', async () => {
    browserWithout(['contextMenus', 'commands', 'omnibox', 'windows']);
    const worker = await startWorker();
    expect([...heard.keys()].toSorted()).toEqual(
      ['runtime.onInstalled', 'runtime.onStartup', 'runtime.onConnect', 'permissions.onAdded', 'alarms.onAlarm', 'notifications.onClicked', 'notifications.onButtonClicked', 'notifications.onClosed'].toSorted(),
    );
    await heard.get('runtime.onStartup')?.[0]?.();
    expect(worker.createMenus).not.toHaveBeenCalled();
    expect(worker.syncPreferencesSoon).toHaveBeenCalledOnce();
  });
});
