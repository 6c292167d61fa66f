import { Icon } from '../../../components/icon';
import { env } from '../../../config/env';
import { useApiUnreachable } from '../hooks/use-api-unreachable';

/** Warns operators that the app was built without VITE_API_URL and no API answers here. */
export function ApiStatusBanner() {
  const unreachable = useApiUnreachable();
  if (!unreachable) return null;
  return (
    <div className="banner" role="status">
      <Icon name="alert" size={18} className="banner__icon" />
      <p>
        <strong>API server not configured.</strong> No sitezip API answered at <code>{env.apiBase}</code>, so
        downloads will fail. Set <code>VITE_API_URL</code> when building the web app, or serve it from the API
        server.
      </p>
    </div>
  );
}
