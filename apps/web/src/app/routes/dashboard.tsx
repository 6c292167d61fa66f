import { SimplePage } from '../../components/layouts/simple-page';

export function DashboardRoute() {
  return (
    <SimplePage title="Dashboard">
      <p className="simple-page__text">Your dashboard is coming soon.</p>
    </SimplePage>
  );
}
