import { RequireAuth } from '../../features/auth/components/require-auth';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { DownloadForm } from '../../features/download/components/download-form';

export function DashboardRoute() {
  return (
    <RequireAuth>
      <DashboardPage quickDownload={<DownloadForm variant="dashboard" />} />
    </RequireAuth>
  );
}
