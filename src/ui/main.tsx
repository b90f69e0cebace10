// Entry point of the portal (index.html loads it): global styles, then the App.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerApiReporter } from '../api';
import { App } from './App';
import { applyToDocument, loadCatalogue, storedLanguage } from './i18n';
import { lazyNestedScreens } from './nestedScreens';
import { registerNestedScreens } from './runtime/nestedScreens';
import { shellApiReporter } from './shell/feedback/apiReporter';
import './styles/index.css';

registerApiReporter(shellApiReporter);
registerNestedScreens(lazyNestedScreens);

// Fetch what the first screen needs while React starts, rather than one after the other: the catalogue and,
// on the login page (the usual first page), its chunk.
void loadCatalogue(storedLanguage(), 'core');
// Direction and lang before the first paint: a right-to-left page never flashes laid out left to right.
applyToDocument(storedLanguage());
if (location.pathname === '/login') void import('./session/pages/LoginPage');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
