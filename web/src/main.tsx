import './styles/global.css';
import { startApp } from './app/start-app';

const container = document.getElementById('root');
if (container) startApp(container);
