import { render } from 'preact';
import '../ui/base.css';
import './list.css';
import { adoptLanguage } from '../ui/adopt-language';
import { extensionConnector } from './extension-connector';
import { ListApp } from './list-app';

adoptLanguage(document, extensionConnector.words, 'listTitle');
const root = document.getElementById('app');
if (root === null) throw new Error('The list page has no #app element.');
render(<ListApp connector={extensionConnector} />, root);
