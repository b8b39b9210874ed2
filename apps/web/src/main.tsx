import './app/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { session } from './lib/session';

session.start();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Mantine (provider, CSS) loads with the layout chunk: /login is kept to React + React Router.
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
