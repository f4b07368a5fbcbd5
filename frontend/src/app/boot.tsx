import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

/** React and the app's frame: loaded by main.tsx after it has asked for the route's own code and data. */
export function boot(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
