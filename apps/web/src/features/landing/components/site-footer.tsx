import { Logo } from '../../../components/logo';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>Save web pages for offline reading. For personal and archival use; please respect copyright.</p>
        </div>
        <p className="site-footer__legal">© {new Date().getFullYear()} sitezip</p>
      </div>
    </footer>
  );
}
