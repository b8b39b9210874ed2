import './app/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { config, STORAGE_KEYS } from './lib/config';
import { startFirstCalls } from './lib/firstCalls';
import { session } from './lib/session';

session.start();

// Signed in: the first screen's data is asked for now, while its code loads (lib/firstCalls).
const { userData } = session.getState();
const token = localStorage.getItem(STORAGE_KEYS.token);
if (userData && token) startFirstCalls(config.apiBaseUrl, window.location, userData, token);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Mantine (provider, CSS) loads with the layout chunk: /login is kept to React + React Router.
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
