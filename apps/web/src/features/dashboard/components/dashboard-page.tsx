import type { ReactNode } from 'react';
import { useSession } from '../../../lib/use-session';
import { describeUser } from '../user-display';
import { AccountSection } from './account-section';
import { DashboardHeader } from './dashboard-header';
import { DashboardSection } from './dashboard-section';
import { OverviewSection } from './overview-section';
import { SideNav } from './side-nav';

interface DashboardPageProps {
  quickDownload: ReactNode;
  /** The billing card shown under the overview. */
  billing?: ReactNode;
  bulkDownload: ReactNode;
  history: ReactNode;
}

/** The signed-in home. The route passes in the download forms, the billing card and the history list. */
export function DashboardPage({ quickDownload, billing, bulkDownload, history }: DashboardPageProps) {
  const user = describeUser(useSession()?.user ?? null);
  return (
    <div className="dashboard">
      <title>Dashboard · sitezip</title>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DashboardHeader user={user} />
      <div className="container dashboard__layout">
        <SideNav />
        <main id="main" tabIndex={-1} className="dashboard__main">
          <h1 className="visually-hidden">Dashboard</h1>
          <OverviewSection user={user} />
          {billing}
          <DashboardSection
            id="quick-download"
            title="Quick Download"
            lead={
              user.premium
                ? 'Save a single page, or a whole website, with everything it needs as a ZIP.'
                : 'Save a single page with everything it needs as a ZIP.'
            }
          >
            {quickDownload}
          </DashboardSection>
          <DashboardSection id="bulk-download" title="Bulk Download" lead="Several sites at once, each in its own folder of one ZIP.">
            {bulkDownload}
          </DashboardSection>
          <DashboardSection id="history" title="Download History" lead="Your downloads, newest first, while their files are kept.">
            {history}
          </DashboardSection>
          <AccountSection user={user} />
        </main>
      </div>
    </div>
  );
}
