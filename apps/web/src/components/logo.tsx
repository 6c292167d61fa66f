import { Link } from 'react-router';
import { paths } from '../config/paths';
import { Icon } from './icon';

export function Logo() {
  return (
    <Link to={paths.home} className="logo">
      <span className="logo__mark">
        <Icon name="archive" size={18} />
      </span>
      sitezip
    </Link>
  );
}
