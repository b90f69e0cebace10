// Entry point of the portal (index.html loads it): global styles, then the App.
import { registerApiReporter } from '../api';
import { App, preloadPage } from './App';
import { applyToDocument, loadCatalogue, storedLanguage } from './i18n';
import { lazyNestedScreens } from './nestedScreens';
import { registerNestedScreens } from './runtime/nestedScreens';
import { startApp } from './runtime/startApp';
import { shellApiReporter } from './shell/feedback/apiReporter';
import './styles/index.css';

registerApiReporter(shellApiReporter);
registerNestedScreens(lazyNestedScreens);

// Fetch what the first screen needs side by side, rather than one after the other: the catalogue and the page's
// chunks (its page, renderer and validator).
void loadCatalogue(storedLanguage(), 'core');
// Direction and lang before the first paint: a right-to-left page never flashes laid out left to right.
applyToDocument(storedLanguage());

startApp(<App />, preloadPage(location.pathname));
