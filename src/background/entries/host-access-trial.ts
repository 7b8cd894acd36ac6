import { serveHostAccessTrialPort } from '../../messages/host-access-trial-port-server';
import type { Runtime } from '../../platform/browser';
import { giveBackPatterns } from '../../platform/host-access';
import { localArea } from '../../storage/extension-storage';
import { readSettings } from '../../storage/settings';
import { errorText } from '../../platform/error-text';

/**
 * Follows a settings page's host access on trial (messages/host-access-trial-port.ts):
 * when the page is left, the access no saved account's server uses is given back.
 */
export function onHostAccessTrialPort(port: Runtime.Port): void {
  serveHostAccessTrialPort(port, (page) => {
    const onTrial = new Set<string>();
    page.onMessage((message) => onTrial.add(message.pattern));
    page.onClose(() => {
      giveBackUnused([...onTrial]).catch((error: unknown) => {
        // Still listed on the settings page, as used by no server, with its button to give it back.
        console.warn('Shrtnr: host access on trial could not be given back.', errorText(error));
      });
    });
  });
}

async function giveBackUnused(patterns: string[]): Promise<void> {
  if (patterns.length === 0) return;
  // Read now, when the page has gone: an account it saved meanwhile keeps its server's access.
  const { accounts } = await readSettings(localArea, ['accounts']);
  await giveBackPatterns(patterns, accounts.map(({ server }) => server));
}
