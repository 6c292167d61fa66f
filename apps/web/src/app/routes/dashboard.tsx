import { RequireAuth } from '../../features/auth/components/require-auth';
import { BillingPanel } from '../../features/billing/components/billing-panel';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { DownloadForm } from '../../features/download/components/download-form';

export function DashboardRoute() {
  return (
    <RequireAuth>
      <DashboardPage quickDownload={<DownloadForm variant="dashboard" />} billing={<BillingPanel />} />
    </RequireAuth>
  );
}
