import './styles/global.css';
import { startApp } from './app/start-app';
import { VIEW_PATH } from './shared/staff-view/view-path';

const container = document.getElementById('root');
// The customer-care console (/operatore, ADR 041) is its own lazy route tree: the customers'
// bundles never hold it, and it loads only on its own paths.
if (container && location.pathname.startsWith('/operatore'))
  void import('./staff/start-console').then(({ startConsole }) => startConsole(container));
// The tab "Vedi come il cliente" opens (ADR 043): it spends its code, then loads the portal.
else if (container && location.pathname === VIEW_PATH)
  void import('./shared/staff-view/start-view').then(({ startView }) => startView());
else if (container) startApp(container);
