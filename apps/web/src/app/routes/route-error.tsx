import { useRouteError } from 'react-router';
import { SimplePage } from '../../components/layouts/simple-page';

/** Shown instead of a blank page when a route throws while rendering. */
export function RouteError() {
  console.error(useRouteError());
  return (
    <SimplePage title="Something went wrong">
      <p className="simple-page__text">This page failed to load. Reloading usually helps.</p>
    </SimplePage>
  );
}
