import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// The axios interceptor and the session navigate through the router, without a page reload.
setNavigator((to) => {
  void router.navigate(to);
});
