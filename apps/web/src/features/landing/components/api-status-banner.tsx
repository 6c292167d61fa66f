import { Icon } from '../../../components/icon';
import { env } from '../../../config/env';
import { useApiStatus } from '../hooks/use-api-status';

/**
 * Warns that downloads will fail: no API answers at the address the app was built for (its own
 * origin when VITE_API_URL was not set). The live region is always present, so the warning is
 * announced when it appears.
 */
export function ApiStatusBanner() {
  const status = useApiStatus();
  return (
    <div role="status" data-testid="api-status" data-state={status}>
      {status === 'unreachable' && (
        <div className="banner">
          <Icon name="alert" size={18} className="banner__icon" />
          {env.apiBaseConfigured ? (
            <p>
              <strong>API server unreachable.</strong> The sitezip API at <code>{env.apiBase}</code> did not answer,
              so downloads will fail until it is back.
            </p>
          ) : (
            <p>
              <strong>API server not configured.</strong> No sitezip API answered at <code>{env.apiBase}</code>, so
              downloads will fail. Set <code>VITE_API_URL</code> when building the web app, or serve it from the API
              server.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
