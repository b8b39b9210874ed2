import type { UserTypeName } from '@cobranzas/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../src/app/routes';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { makeToken } from './tokens';

/** Signs the app session in as a user of that type (or out, with null). */
export function signInAs(type: UserTypeName | null, name = 'Ana Pérez') {
  if (type) localStorage.setItem('token', makeToken({ type, name }));
  else localStorage.removeItem('token');
  session.start();
}

/** The app's real route table in a memory router, with the session navigating through it. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  const view = render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup(), ...view };
}
