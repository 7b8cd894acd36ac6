import { render } from 'preact';
import '../ui/base.css';
import './options.css';
import { extensionConnector } from './extension-connector';
import { OptionsApp } from './options-app';
import { adoptLanguage } from '../ui/adopt-language';

adoptLanguage(document, extensionConnector.words, 'optionsTitle');
const root = document.getElementById('app');
if (root === null) throw new Error('The options page has no #app element.');
render(<OptionsApp connector={extensionConnector} />, root);
