import { render } from 'preact';
import '../ui/base.css';
import './popup.css';
import { extensionConnector } from './extension-connector';
import { PopupApp, startFirstAttempt } from './popup-app';
import { adoptLanguage } from '../ui/adopt-language';

// The request starts before the first render; the view picks it up when ready.
const firstAttempt = startFirstAttempt(extensionConnector);
adoptLanguage(document, extensionConnector.words, 'extensionShortName');
const root = document.getElementById('app');
if (root === null) throw new Error('The popup page has no #app element.');
render(<PopupApp connector={extensionConnector} firstAttempt={firstAttempt} />, root);
