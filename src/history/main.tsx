import { render } from 'preact';
import '../ui/base.css';
import './history.css';
import { adoptLanguage } from '../ui/adopt-language';
import { extensionConnector } from './extension-connector';
import { FIRST_SCREEN, HistoryApp } from './history-app';

// Read before the first render: the database opens while the page renders.
const firstScreen = extensionConnector.store.recent(FIRST_SCREEN);
adoptLanguage(document, extensionConnector.words, 'historyTitle');
const root = document.getElementById('app');
if (root === null) throw new Error('The history page has no #app element.');
render(<HistoryApp connector={extensionConnector} firstScreen={firstScreen} />, root);
