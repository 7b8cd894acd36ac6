// The feature checks against browser objects that lack the optional APIs, as Firefox for Android's and
// Safari's do, and the popup's own window where there are no windows to ask. The worker's start-up without
// each is src/background/main.test.ts's; the popup without them, src/popup/*.test.ts(x).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { fakeBrowser } = vi.hoisted(() => ({ fakeBrowser: {} as Record<string, unknown> }));
vi.mock('./browser', () => ({ browser: fakeBrowser }));

const { featuresOf, OPTIONAL_APIS } = await import('./features');

/** Chrome's and Firefox's namespaces, as far as the checks look: each present, as an object. */
const DESKTOP = Object.fromEntries(OPTIONAL_APIS.map((name) => [name, { someMember: () => undefined }]));
const all = (value: boolean) => Object.fromEntries(OPTIONAL_APIS.map((name) => [name, value]));

/** The module afresh, as a new context loads it (it looks once). */
const freshFeatures = async () => {
  vi.resetModules();
  return import('./features');
};

beforeEach(() => {
  for (const key of Object.keys(fakeBrowser)) delete fakeBrowser[key];
});

describe('the feature checks', () => {
  it('find every optional API in a desktop browser', () => {
    expect(featuresOf({ runtime: {}, ...DESKTOP })).toEqual(all(true));
  });

  it.each(OPTIONAL_APIS)('find %s missing where the browser leaves it out, and nothing else missing', (missing) => {
    const { [missing]: _left, ...rest } = DESKTOP;
    expect(featuresOf(rest)).toEqual({ ...all(true), [missing]: false });
    // A namespace that is there but empty (undefined, null) is as good as missing.
    expect(featuresOf({ ...DESKTOP, [missing]: undefined })[missing]).toBe(false);
    expect(featuresOf({ ...DESKTOP, [missing]: null })[missing]).toBe(false);
  });

  it("say what Firefox for Android's browser object lacks", () => {
    const { contextMenus: _m, commands: _c, omnibox: _o, windows: _w, ...android } = DESKTOP;
    expect(featuresOf(android)).toEqual({ contextMenus: false, commands: false, omnibox: false, notifications: true, windows: false });
  });

  it("are this browser's, looked for once", async () => {
    Object.assign(fakeBrowser, { notifications: {} });
    const { browserFeatures } = await freshFeatures();
    expect(browserFeatures()).toEqual({ ...all(false), notifications: true });
    Object.assign(fakeBrowser, { windows: {} });
    expect(browserFeatures().windows).toBe(false);
  });
});

describe("a page's own window", () => {
  it('is the window the browser names, where there are windows', async () => {
    Object.assign(fakeBrowser, { windows: { getCurrent: async () => ({ id: 4, incognito: true, focused: true }) }, tabs: { query: vi.fn() } });
    const { ownWindow } = await freshFeatures();
    await expect(ownWindow()).resolves.toEqual({ id: 4, incognito: true });
  });

  it("is the active tab's, where there are no windows (Firefox for Android), and private when no tab says", async () => {
    const query = vi.fn().mockResolvedValueOnce([{ id: 9, windowId: 1, incognito: false }]).mockResolvedValueOnce([]);
    Object.assign(fakeBrowser, { tabs: { query } });
    const { ownWindow } = await freshFeatures();
    await expect(ownWindow()).resolves.toEqual({ id: 1, incognito: false });
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    await expect(ownWindow()).resolves.toEqual({ id: undefined, incognito: true });
  });
});
