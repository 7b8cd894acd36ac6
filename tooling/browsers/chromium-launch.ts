// What Chromium is launched with: the options a caller gives, and the flags
// and environment made of them.
import { join } from 'node:path';

export interface LaunchOptions {
  /** Absolute path of an unpacked extension (dist/). */
  extensionDir: string;
  /** base64 SHA-256 SPKI hashes of test certificates to trust (--ignore-certificate-errors-spki-list). */
  trustedSpkiHashes?: string[];
  /** Default true. Native context menus only exist in headed mode. */
  headless?: boolean;
  /** X display for headed runs (e.g. from startXvfb()); falls back to $DISPLAY. */
  display?: string;
  /** Browser window size; default 1280x800 (the size of startXvfb()'s screen). */
  windowSize?: { width: number; height: number };
  /** More Chromium flags, e.g. --host-resolver-rules for test host names. */
  extraArgs?: string[];
  /** More unpacked extensions to load beside it (absolute paths), e.g. one that plays a stranger. */
  alsoLoad?: string[];
  /**
   * The UI language (e.g. "de", "ar"). Debian's Chromium ships only en-US.pak:
   * without Debian's chromium-l10n, i18n.getUILanguage() and @@bidi_dir stay
   * English whatever --lang says (see browser-testing.md).
   */
  language?: string;
  /**
   * Also serve CDP on a DevTools WebSocket (a free port on 127.0.0.1), for a second
   * client beside Playwright's own pipe: the token audit's (test/support/chromium-audit.ts).
   */
  devToolsSocket?: boolean;
}

export function launchArgs(extensionDir: string, options: LaunchOptions, size: { width: number; height: number }): string[] {
  const args = [
    // Playwright always adds --disable-extensions; without the "except" flag nothing loads.
    `--disable-extensions-except=${[extensionDir, ...(options.alsoLoad ?? [])].join(',')}`,
    `--load-extension=${[extensionDir, ...(options.alsoLoad ?? [])].join(',')}`,
    // Playwright adds this too (chromiumSandbox defaults to false); kept explicit because
    // these machines run as root, where Chromium exits: "Running as root without --no-sandbox is not supported".
    '--no-sandbox',
    // No network here beyond package registries: no background fetches, component
    // downloads, sync or QUIC attempts that could only time out.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    // No GPU on these machines.
    '--disable-gpu',
    `--window-size=${size.width},${size.height}`,
    '--window-position=0,0',
  ];
  // Port 0: Chromium picks a free one and writes it to <profile>/DevToolsActivePort.
  if (options.devToolsSocket === true) args.push('--remote-debugging-port=0');
  if (options.language !== undefined) args.push(`--lang=${options.language}`);
  const hashes = options.trustedSpkiHashes ?? [];
  if (hashes.length > 0) args.push(`--ignore-certificate-errors-spki-list=${hashes.join(',')}`);
  return [...args, ...(options.extraArgs ?? [])];
}

export function browserEnv(home: string, headless: boolean, display: string | undefined, language: string | undefined): NodeJS.ProcessEnv {
  // Chromium writes outside the profile too (~/.pki NSS db, ~/.cache, ~/.config):
  // point every home-ish variable at the temp dir so the real HOME stays untouched.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
  };
  // Chromium on Linux takes its UI language from LANGUAGE as well as --lang: both must agree.
  if (language !== undefined) env.LANGUAGE = language;
  // Headless must not touch a real X server (its clipboard would be shared).
  if (headless) delete env.DISPLAY;
  else env.DISPLAY = display;
  return env;
}
