// What Firefox is launched with: the options a caller gives, and the profile's
// preferences made of them.
import type { Browser } from 'puppeteer-core';
import { GECKO_ID } from '../../scripts/build/manifest-targets';

export interface FirefoxLaunchOptions {
  /** Absolute path of the unpacked Firefox build (dist/firefox or dist-e2e/firefox). */
  extensionDir: string;
  /** Default true. */
  headless?: boolean;
  /** X display for a headed run; falls back to $DISPLAY. */
  display?: string;
  /** The UI language (e.g. "de", "ar"); needs Debian's firefox-esr-l10n-<lang> language pack. Default: Firefox's own (en-US). */
  language?: string;
  /** Where downloads are saved, without asking (default: Firefox's own Downloads folder in the throwaway home). */
  downloadDir?: string;
  /** Called with every line Firefox prints, extension consoles included (for the token audit). */
  onOutput?: (line: string) => void;
  /** Runs once Firefox is up, before the add-on is installed (the token audit starts watching there). */
  onLaunched?: (browser: Browser) => Promise<void>;
  /** The extension page, kept open in a tab, that reaches the extension's APIs (default: the options page). */
  helperPage?: string;
  /** A finger's pointer, as a phone's (pointer: coarse, hover: none), instead of a mouse's. */
  touch?: boolean;
  /** The colour scheme pages see (prefers-color-scheme); default: the browser's. WebDriver BiDi has no way to switch it once started. */
  colorScheme?: 'light' | 'dark';
  /** More profile preferences, e.g. a proxy that stands in for sites on the web. */
  extraPrefs?: Record<string, unknown>;
}

/**
 * The profile's preferences; `uuid` fixes the add-on's moz-extension:// origin. See
 * ../shared/docs/browser-testing.md, Firefox section, for what each preference is for.
 */
export function firefoxPrefs(options: FirefoxLaunchOptions, uuid: string): Record<string, unknown> {
  return {
    'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
    // Optional permissions are granted on request (from a real click) without a prompt nothing could answer.
    'extensions.webextOptionalPermissionPrompts': false,
    'extensions.openPopupWithoutUserGesture.enabled': true,
    // Lets a test page read the clipboard without Firefox's paste prompt.
    'dom.events.testing.asyncClipboard': true,
    // Every console call of every context (background page included) also goes to stdout.
    'devtools.console.stdout.content': true,
    'browser.shell.checkDefaultBrowser': false,
    // The language pack Debian installs is an add-on in the application's scope: allow it, then ask for it.
    ...(options.language === undefined ? {} : { 'intl.locale.requested': options.language, 'extensions.autoDisableScopes': 0 }),
    // Saved straight into that folder (2: a folder of one's own), no dialog, no downloads panel.
    ...(options.downloadDir === undefined
      ? {}
      : {
          'browser.download.dir': options.downloadDir,
          'browser.download.folderList': 2,
          'browser.download.useDownloadDir': true,
          'browser.download.alwaysOpenPanel': false,
        }),
    'datareporting.policy.dataSubmissionEnabled': false,
    // Firefox's own testing preferences for the pointer the media queries see (1: coarse, no hover).
    ...(options.touch === true ? { 'ui.primaryPointerCapabilities': 1, 'ui.allPointerCapabilities': 1 } : {}),
    // What pages see of the colour scheme: 0 dark, 1 light.
    ...(options.colorScheme === undefined ? {} : { 'layout.css.prefers-color-scheme.content-override': options.colorScheme === 'dark' ? 0 : 1 }),
    ...options.extraPrefs,
  };
}
