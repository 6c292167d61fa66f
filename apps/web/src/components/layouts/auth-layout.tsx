import type { ReactNode } from 'react';
import { Logo } from '../logo';

interface AuthLayoutProps {
  /** The page heading; the document title is derived from it unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  subtitle?: string;
  children: ReactNode;
  /** Links under the form, such as "Sign up" and "Back to home". */
  footer?: ReactNode;
}

/** The centred card of the sign-in and registration pages. */
export function AuthLayout({ title, documentTitle = title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="simple-page">
      <title>{`${documentTitle} · sitezip`}</title>
      <main className="simple-page__card auth-card" id="main">
        <Logo />
        <div className="auth-card__header">
          <h1 className="simple-page__title">{title}</h1>
          {subtitle && <p className="simple-page__text">{subtitle}</p>}
        </div>
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </main>
    </div>
  );
}
