import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Logo } from '../logo';

interface SimplePageProps {
  title: string;
  children?: ReactNode;
}

/** A centred card with the logo, a heading and a way home: for small standalone pages. */
export function SimplePage({ title, children }: SimplePageProps) {
  return (
    <div className="simple-page">
      <title>{`${title} · sitezip`}</title>
      <main className="simple-page__card" id="main">
        <Logo />
        <h1 className="simple-page__title">{title}</h1>
        {children}
        <Link to={paths.home} className="button button--secondary">
          Back to home
        </Link>
      </main>
    </div>
  );
}
