import { render } from 'preact';
import '../ui/base.css';
import './options.css';
import { extensionConnector } from './extension-connector';
import { OptionsApp } from './options-app';

const root = document.getElementById('app');
if (root === null) throw new Error('The options page has no #app element.');
render(<OptionsApp connector={extensionConnector} />, root);
