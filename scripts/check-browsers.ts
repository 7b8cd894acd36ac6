// Run before `npm test`, `npm start` and `npm run bench`: stops early, with
// the exact install command, when a browser the command drives is missing
// (or Xvfb, for the tests that need a real right-click and a real key press).
//   --chromium, --firefox: the browsers to look for; --with-xvfb: Xvfb and xdotool too;
//   --with-languages: the German and Arabic language packs of Debian's browsers.
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { findChromium } from '../tooling/browsers/chromium-path';
import { findFirefox } from '../tooling/browsers/firefox-path';

const wanted = [
  { flag: '--chromium', find: findChromium },
  { flag: '--firefox', find: findFirefox },
].filter(({ flag }) => process.argv.includes(flag));

const problems: string[] = [];
for (const { find } of wanted) {
  try {
    const path = find();
    const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
    console.log(`Using ${version} (${path}).`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
}

// The language tests need the browsers' German and Arabic UI: Debian ships them apart.
if (process.argv.includes('--with-languages')) {
  const missing = [
    { file: '/usr/lib/chromium/locales/ar.pak', browser: findChromium, package: 'chromium-l10n' },
    { file: '/usr/lib/firefox-esr/browser/extensions/langpack-de@firefox-esr.mozilla.org.xpi', browser: findFirefox, package: 'firefox-esr-l10n-de' },
    { file: '/usr/lib/firefox-esr/browser/extensions/langpack-ar@firefox-esr.mozilla.org.xpi', browser: findFirefox, package: 'firefox-esr-l10n-ar' },
  ].filter(({ file, browser }) => isDebianBrowser(browser) && !existsSync(file));
  if (missing.length > 0) {
    problems.push(
      `The browsers' German and Arabic UI languages are missing (the language tests need them). On Debian/Ubuntu: sudo apt-get install -y ${missing.map((entry) => entry.package).join(' ')}`,
    );
  }
}

if (process.argv.includes('--with-xvfb')) {
  const missing = ['Xvfb', 'xdotool'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    problems.push(`${missing.join(' and ')} not found; the real right-click and shortcut tests need them. On Debian/Ubuntu: sudo apt-get install -y xvfb xauth xdotool`);
  }
}

/** Only Debian's own builds take their languages from these packages; another browser is its own business. */
function isDebianBrowser(find: () => string): boolean {
  try {
    return /^\/usr\/lib\/(chromium|firefox-esr)\//.test(realpathSync(find()));
  } catch {
    return false;
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
