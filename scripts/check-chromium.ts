// Run before `npm test` and `npm start`: stops early, with the exact install
// command, when there is no Chromium to drive (or no Xvfb for the tests that
// need a real right-click and a real key press).
import { execFileSync } from 'node:child_process';
import { findChromium } from '../test/support/chromium-path';

const needXvfb = process.argv.includes('--with-xvfb');

try {
  const chromium = findChromium();
  const version = execFileSync(chromium, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`Using ${version} (${chromium}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

if (needXvfb) {
  const missing = ['Xvfb', 'xdotool'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    console.error(`${missing.join(' and ')} not found; the real right-click and shortcut tests need them. On Debian/Ubuntu: sudo apt-get install -y xvfb xauth xdotool`);
    process.exit(1);
  }
}
