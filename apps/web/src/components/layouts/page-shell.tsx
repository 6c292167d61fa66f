import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../logo';

interface PageShellProps {
  title: string;
  lead?: string;
  /** Where the header's link goes back to: the dashboard for signed-in pages, home otherwise. */
  back?: 'dashboard' | 'home';
  children: ReactNode;
}

/** A page with the logo, a way back, a heading and its content: plans, checkout, account, legal. */
export function PageShell({ title, lead, back = 'dashboard', children }: PageShellProps) {
  return (
    <div className="page-shell">
      <title>{`${title} · sitezip`}</title>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="page-shell__header">
        <div className="container page-shell__bar">
          <Logo />
          <Link to={back === 'dashboard' ? paths.dashboard : paths.home} className="button button--secondary">
            {back === 'dashboard' ? 'Back to dashboard' : 'Back to home'}
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container container--narrow page-shell__main">
        <h1 className="page-shell__title">{title}</h1>
        {lead && <p className="page-shell__lead">{lead}</p>}
        {children}
      </main>
    </div>
  );
}
