import './styles/global.css';
import { startApp } from './app/start-app';

const container = document.getElementById('root');
// The customer-care console (/operatore, ADR 041) is its own lazy route tree: the customers'
// bundles never hold it, and it loads only on its own paths.
if (container && location.pathname.startsWith('/operatore'))
  void import('./staff/start-console').then(({ startConsole }) => startConsole(container));
else if (container) startApp(container);
