import { useLocation } from 'react-router';
import { Icon, type IconName } from '../../../components/icon';

const links: ReadonlyArray<{ id: string; label: string; icon: IconName }> = [
  { id: 'overview', label: 'Overview', icon: 'grid' },
  { id: 'quick-download', label: 'Quick Download', icon: 'download' },
  { id: 'account', label: 'Account', icon: 'user' },
];

/** Anchors to the dashboard's sections: a column on wide screens, a row of tabs on narrow ones. */
export function SideNav() {
  const { hash } = useLocation();
  return (
    <nav className="side-nav" aria-label="Dashboard">
      <ul className="side-nav__list">
        {links.map(({ id, label, icon }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="side-nav__link"
              aria-current={hash === `#${id}` ? 'location' : undefined}
            >
              <Icon name={icon} size={18} />
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
