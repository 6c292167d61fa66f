import { SimplePage } from '../../components/layouts/simple-page';

export function NotFoundRoute() {
  return (
    <SimplePage title="Page not found">
      <p className="simple-page__text">There is nothing at this address.</p>
    </SimplePage>
  );
}
