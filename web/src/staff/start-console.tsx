// The customer-care console's start (ADR 041): its own root, router and sober theme under /operatore.
// Pages are lazy chunks of their own; nothing here is imported by the customers' app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { StaffConsole } from './console';
import './staff.css';

export function startConsole(container: HTMLElement): void {
  document.documentElement.lang = 'it';
  document.documentElement.classList.add('staff-theme');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <StaffConsole />
      </BrowserRouter>
    </StrictMode>,
  );
}
