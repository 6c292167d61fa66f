import { Logo } from '../../../components/logo';
import { useSession } from '../../../lib/use-session';
import { landingSections } from '../content/sections';
import { AccountNav } from './account-nav';
import { SectionsMenu } from './sections-menu';

export function TopBar() {
  const session = useSession();
  const name = session?.user?.name.trim();
  return (
    <header className="top-bar">
      <div className="container top-bar__inner">
        <Logo />
        <nav className="top-bar__sections" aria-label="Sections">
          {landingSections.map((section) => (
            <a key={section.id} href={`#${section.id}`}>
              {section.label}
            </a>
          ))}
        </nav>
        <SectionsMenu />
        {session && <p className="top-bar__welcome">{name ? `Welcome, ${name}` : 'Welcome back'}</p>}
        <AccountNav signedIn={session !== null} />
      </div>
    </header>
  );
}
