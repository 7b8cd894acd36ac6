import { render } from 'preact';
import '../ui/base.css';
import './popup.css';
import { extensionConnector } from './extension-connector';
import { answerWithin, PopupApp, startFirstAttempt } from './popup-app';
import { adoptLanguage } from '../ui/adopt-language';

// The worker answers from history in a few milliseconds (tens when it has to
// start first); waiting that long, and no longer, puts a link history holds
// on screen in the first paint instead of after a spinner.
const FIRST_PAINT_WAIT_MS = 100;

// The attempt starts before the first render; the view picks it up when ready.
const firstAttempt = startFirstAttempt(extensionConnector);
adoptLanguage(document, extensionConnector.words, 'extensionShortName');
const root = document.getElementById('app');
if (root === null) throw new Error('The popup page has no #app element.');
const ready = await answerWithin(firstAttempt, FIRST_PAINT_WAIT_MS);
render(<PopupApp connector={extensionConnector} firstAttempt={firstAttempt} ready={ready} />, root);
