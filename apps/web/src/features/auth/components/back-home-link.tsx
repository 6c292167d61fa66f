import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function BackHomeLink() {
  return (
    <Link to={paths.home} className="auth-card__home">
      <span aria-hidden="true">← </span>
      Back to home
    </Link>
  );
}
