import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { billingAndAccountRoutes } from './routes/billing-and-account';
import { DashboardRoute } from './routes/dashboard';
import { LandingRoute } from './routes/landing';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RegisterRoute } from './routes/register';
import { RootRoute } from './routes/root';
import { RouteError } from './routes/route-error';

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootRoute,
      errorElement: <RouteError />,
      children: [
        { path: paths.home, Component: LandingRoute },
        { path: paths.login, Component: LoginRoute },
        { path: paths.register, Component: RegisterRoute },
        { path: paths.dashboard, Component: DashboardRoute },
        ...billingAndAccountRoutes,
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}
