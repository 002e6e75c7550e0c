import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { preloadScreens } from './screens';

// Real paths (/programs/edit/123), not hash URLs: the server falls back to the console for them.
// A data router, so forms can warn before unsaved changes are navigated away from.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

// Navigations are plain state updates, not transitions: react-admin signs an anonymous visitor
// out from the page they opened, and its re-renders starved the transition to /login, which
// then took seconds to commit.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} useTransitions={false} />
  </StrictMode>,
);

// The shell is on its way; fetch the screens' chunks alongside the session check.
preloadScreens();
