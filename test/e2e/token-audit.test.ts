// The token audit that runs at the end of every e2e session, shown to find
// what it looks for: a token in a console line, in a request to another
// origin, in a URL, in storage.sync and in a page's markup.
import { describe, expect, it } from 'vitest';
import { E2E_DIST } from '../support/e2e-session';
import { launchExtensionBrowser } from '../support/extension-browser';
import { startStandIn } from '../support/stand-in/server';
import { ChromiumAuditWatcher } from '../support/chromium-audit';
import { TokenAudit } from '../support/token-audit';

describe('the token audit', () => {
  it('finds a token everywhere it must never be', async () => {
    const api = await startStandIn();
    const otherOrigin = await startStandIn();
    const browser = await launchExtensionBrowser({ extensionDir: E2E_DIST, trustedSpkiHashes: [api.spkiHash, otherOrigin.spkiHash] });
    try {
      const audit = new TokenAudit();
      const watcher = new ChromiumAuditWatcher(audit, browser.context);
      const token = 'leaky-token-4242';
      audit.track(token);

      const page = await browser.context.newPage();
      await page.goto(`${api.baseUrl}/demo/blank`);
      await page.evaluate(
        async ({ leaked, other, own }) => {
          console.log(`debug: ${leaked}`);
          // A simple request (no preflight), so it does reach the other origin.
          await fetch(`${other}/demo/blank?t=${leaked}`, { mode: 'no-cors' });
          await fetch(`${own}/api/v1/ping?api_token=${leaked}`, { method: 'POST' });
          document.body.textContent = leaked;
        },
        { leaked: token, other: otherOrigin.baseUrl, own: api.baseUrl },
      );
      const readSync = async () => {
        const worker = await browser.serviceWorker();
        await worker.evaluate((leaked) => chrome.storage.sync.set({ leaked }), token);
        return worker.evaluate(() => chrome.storage.sync.get(null));
      };

      const leaks = await audit.findLeaks({ api, otherOrigin }, watcher.sources(readSync));
      expect(leaks.some((leak) => leak.startsWith('console:'))).toBe(true);
      expect(leaks.some((leak) => leak.startsWith('request to another origin'))).toBe(true);
      expect(leaks.some((leak) => leak.startsWith('URL: https POST /api/v1/ping'))).toBe(true);
      expect(leaks).toContain('storage.sync');
      expect(leaks.some((leak) => leak.startsWith('page markup:'))).toBe(true);
      expect(audit.consoleLineCount).toBeGreaterThan(0);
    } finally {
      await browser.close();
      await Promise.all([api.close(), otherOrigin.close()]);
    }
  });
});
