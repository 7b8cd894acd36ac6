import { render } from 'preact';
import '../ui/base.css';
import './history.css';
import { adoptLanguage } from '../ui/adopt-language';
import { extensionConnector } from './extension-connector';
import { HistoryApp } from './history-app';

adoptLanguage(document, extensionConnector.words, 'historyTitle');
const root = document.getElementById('app');
if (root === null) throw new Error('The history page has no #app element.');
render(<HistoryApp connector={extensionConnector} />, root);
