import { Logo } from '../../../components/logo';
import { useSession } from '../../../lib/use-session';
import { AccountNav } from './account-nav';

export function TopBar() {
  const session = useSession();
  const name = session?.user?.name.trim();
  return (
    <header className="top-bar">
      <div className="container top-bar__inner">
        <Logo />
        <nav className="top-bar__sections" aria-label="Sections">
          <a href="#features">Features</a>
          <a href="#pricing">Pricing</a>
          <a href="#faq">FAQ</a>
        </nav>
        {session && <p className="top-bar__welcome">{name ? `Welcome, ${name}` : 'Welcome back'}</p>}
        <AccountNav signedIn={session !== null} />
      </div>
    </header>
  );
}
