import { render } from 'preact';
import '../ui/base.css';
import './popup.css';
import { extensionConnector } from './extension-connector';
import { firstWord, startFirstAttempt } from './first-attempt';
import { PopupApp } from './popup-app';
import { adoptLanguage } from '../ui/adopt-language';
import { watchWindowRun } from './window-run';

// The page's own markup (index.html) is the first paint: the popup's shape,
// before this module has run. The built page does not name this module: a
// loader imports it and its chunks at once, so that the page's load event,
// which shows Chromium's popup, waits for none of them
// (scripts/build/popup-loader.ts). The app's first render waits for the worker's
// first word (a link from history, a failure, or "sending"), so a link history
// holds is in the first frame it renders and never follows a spinner; it renders
// over the shell in place. A worker silent this long is still starting up.
const WORKER_PATIENCE_MS = 1_000;

// The attempt starts before the first render; the view picks it up when ready.
const firstAttempt = startFirstAttempt(extensionConnector);
// The window's "Shorten all tabs" run, if any, is asked for beside it: the run's list is not one render behind the link.
watchWindowRun();
adoptLanguage(document, extensionConnector.words, 'extensionShortName');
const root = document.getElementById('app');
if (root === null) throw new Error('The popup page has no #app element.');
const ready = await firstWord(firstAttempt, WORKER_PATIENCE_MS);
render(<PopupApp connector={extensionConnector} firstAttempt={firstAttempt} ready={ready} />, root);
