// The shipped build (dist/, not dist-e2e/): Chromium loads it with no warning
// or error, and using it produces none.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtensionBrowser, type ExtensionBrowser } from '../../tooling/browsers/extension-browser';
import { pollUntil } from '../../tooling/poll';
import { PRODUCTION_DIST, startE2eSession, type E2eSession } from '../support/e2e-session';

interface ExtensionReport {
  id: string;
  installWarnings: unknown[];
  manifestErrors: { message: string }[];
  runtimeErrors: { message: string }[];
  runtimeWarnings: { message: string }[];
}

interface DeveloperPrivate {
  getExtensionsInfo(options: object): Promise<ExtensionReport[]>;
  updateProfileConfiguration(update: object): Promise<void>;
  reload(id: string, options: object): Promise<void>;
}

/** What chrome://extensions knows about our extension (its own API, chrome.developerPrivate). */
async function extensionReport(extensionsPage: Page, id: string): Promise<ExtensionReport | undefined> {
  const all = await extensionsPage.evaluate(async () => {
    const developer = (chrome as unknown as { developerPrivate: DeveloperPrivate }).developerPrivate;
    return developer.getExtensionsInfo({ includeDisabled: true, includeTerminated: true });
  });
  return all.find((extension) => extension.id === id);
}

/**
 * Opens chrome://extensions in developer mode and reloads the extension:
 * manifest warnings are only recorded (as manifestErrors) when developer mode
 * is on at load time, and runtime errors only while it is on.
 */
async function openExtensionsPageInDeveloperMode(browser: ExtensionBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto('chrome://extensions');
  const reloadedAt = await page.evaluate(async (id) => {
    const developer = (chrome as unknown as { developerPrivate: DeveloperPrivate }).developerPrivate;
    await developer.updateProfileConfiguration({ inDeveloperMode: true });
    const at = performance.timeOrigin + performance.now();
    await developer.reload(id, { failQuietly: true });
    return at;
  }, browser.extensionId);
  // reload() resolves before the old worker is gone: wait for the one the reload starts, or
  // the next evaluate (or console listener) may land on the old one as it goes down
  // ("Service worker restarted", seen when a test ran alone under -t; in a full run the
  // test before it gave the reload time).
  await pollUntil(
    async () => {
      const worker = await browser.serviceWorker();
      const startedAt = await worker.evaluate(() => performance.timeOrigin).catch(() => undefined);
      return startedAt !== undefined && startedAt > reloadedAt ? worker : undefined;
    },
    { timeoutMs: 30_000, failure: 'The reloaded extension started no new service worker within 30 s.' },
  );
  return page;
}

/**
 * The one manifest warning the build asks for: no other extension may connect
 * (`externally_connectable` with no ids, SECURITY.md). Chromium says so in
 * developer mode, in its own words (kErrorNothingSpecified in
 * extensions/common/manifest_handlers/externally_connectable.cc); Firefox has
 * no such key, and the Firefox build strips it.
 */
const NOBODY_MAY_CONNECT = "'externally_connectable' specifies neither 'matches' nor 'ids'; nothing will be able to connect";

function recordProblem(problems: string[], source: string, message: ConsoleMessage): void {
  if (message.type() === 'error' || message.type() === 'warning') problems.push(`${source}: ${message.text()}`);
}

describe('the production build', () => {
  let session: E2eSession;
  let extensionsPage: Page;
  const consoleProblems: string[] = [];
  const watch = (source: string) => (message: ConsoleMessage) => recordProblem(consoleProblems, source, message);

  beforeAll(async () => {
    session = await startE2eSession({ extensionDir: PRODUCTION_DIST });
    extensionsPage = await openExtensionsPageInDeveloperMode(session.browser);
    session.browser.context.on('page', (page) => {
      if (page.url().startsWith('chrome-extension://')) page.on('console', watch(page.url()));
    });
    (await session.worker()).on('console', watch('service worker'));
  });
  afterAll(() => session?.close());

  it('loads with no install warning, and no manifest warning but the one it asks for', async () => {
    const report = await extensionReport(extensionsPage, session.browser.extensionId);
    expect(report).toMatchObject({ installWarnings: [], runtimeWarnings: [] });
    expect(report?.manifestErrors.map(({ message }) => message)).toEqual([NOBODY_MAY_CONNECT]);
  });

  it('runs the popup, the options page and a worker restart with no runtime error or console warning', async () => {
    await session.useStandIn();
    const tab = await session.openTab('/demo/article');
    const popup = await session.browser.openPopup(tab);
    await expect.poll(() => popup.getByTestId('copy-status').textContent()).toBe('Copied to the clipboard');
    await popup.close();

    const options = await session.browser.context.newPage();
    await options.goto(session.browser.extensionUrl('src/options/index.html'));
    await options.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => options.getByTestId('connection-status').textContent()).toMatch(/^Connected to/);
    await options.close();

    await session.browser.stopServiceWorkers();
    await tab.close();

    const report = await extensionReport(extensionsPage, session.browser.extensionId);
    expect(report?.runtimeErrors).toEqual([]);
    expect(report?.runtimeWarnings).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  it('ships no test hook, no eval and no remote code', async () => {
    const files = await readdir(PRODUCTION_DIST, { recursive: true });
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const file of scripts) {
      const code = await readFile(join(PRODUCTION_DIST, file), 'utf8');
      expect(code, file).not.toContain('shrtnrE2e');
      expect(code, file).not.toMatch(/\beval\(|new Function\(/);
      expect(code, file).not.toMatch(/import\(["']https?:|importScripts\(["']https?:/);
    }
  });
});

describe('the load check itself', () => {
  it('does report a manifest warning when there is one', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'shrtnr-broken-'));
    try {
      await cp(PRODUCTION_DIST, copy, { recursive: true });
      const manifest = JSON.parse(await readFile(join(copy, 'manifest.json'), 'utf8')) as Record<string, unknown>;
      const permissions = [...(manifest.permissions as string[]), 'notARealPermission'];
      await writeFile(join(copy, 'manifest.json'), JSON.stringify({ ...manifest, permissions }));
      const browser = await launchExtensionBrowser({ extensionDir: copy });
      try {
        const page = await openExtensionsPageInDeveloperMode(browser);
        const report = await extensionReport(page, browser.extensionId);
        expect(report?.manifestErrors.map(({ message }) => message)).toEqual(["Permission 'notARealPermission' is unknown.", NOBODY_MAY_CONNECT]);
      } finally {
        await browser.close();
      }
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
