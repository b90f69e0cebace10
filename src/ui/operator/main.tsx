// Entry point of the operator console (operator.html loads it): the portal's styles and renderers, the console's
// own session and frame. API errors show as in the portal; a lost session leads to the console's sign-in.
import { registerApiReporter } from '../../api';
import { loadCatalogue, storedLanguage } from '../i18n';
import { lazyNestedScreens } from '../nestedScreens';
import { registerNestedScreens } from '../runtime/nestedScreens';
import { startApp } from '../runtime/startApp';
import { shellApiReporter } from '../shell/feedback/apiReporter';
import { CONSOLE_LOGIN } from './definitions';
import { OperatorApp, preloadConsolePage } from './OperatorApp';
import '../styles/index.css';

registerApiReporter({ ...shellApiReporter, clearSession: () => undefined, loginPath: CONSOLE_LOGIN });
registerNestedScreens(lazyNestedScreens);
void loadCatalogue(storedLanguage(), 'core');

// Every page of the console, its sign-in too, shows within the whole catalogue (OperatorApp's WithCatalogue).
startApp(
  <OperatorApp />,
  Promise.all([preloadConsolePage(location.pathname), loadCatalogue(storedLanguage(), 'rest')]),
);
