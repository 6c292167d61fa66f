import { RequireAuth } from '../../features/auth/components/require-auth';
import { BillingPanel } from '../../features/billing/components/billing-panel';
import { BulkDownload } from '../../features/bulk/components/bulk-download';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { DownloadForm } from '../../features/download/components/download-form';
import { DownloadHistory } from '../../features/history/components/download-history';

export function DashboardRoute() {
  return (
    <RequireAuth>
      <DashboardPage
        quickDownload={<DownloadForm variant="dashboard" />}
        billing={<BillingPanel />}
        bulkDownload={<BulkDownload />}
        history={<DownloadHistory />}
      />
    </RequireAuth>
  );
}
