import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';

const sectionLinks = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#faq', label: 'FAQ' },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>
            Save web pages for offline reading. For personal and archival use; please respect copyright, terms of
            service and robots.txt.
          </p>
        </div>
        <nav className="site-footer__nav" aria-label="Footer">
          <ul className="site-footer__links">
            {sectionLinks.map(({ href, label }) => (
              <li key={href}>
                <a href={href}>{label}</a>
              </li>
            ))}
            <li>
              <Link to={paths.login}>Login</Link>
            </li>
            <li>
              <Link to={paths.register}>Sign Up</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Privacy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>© {new Date().getFullYear()} sitezip</p>
        <p>No tracking · No third-party scripts · Downloads expire and are deleted</p>
      </div>
    </footer>
  );
}
