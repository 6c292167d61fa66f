import { appConfigSchema, type AppConfig } from '@sitezip/contracts';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';

let pending: Promise<AppConfig> | undefined;

/** `GET /config`, asked once per page load: the server's settings do not change while it runs. */
export function getAppConfig(): Promise<AppConfig> {
  pending ??= apiRequest('/config')
    .then(({ body }) => appConfigSchema.parse(body))
    .catch((error: unknown) => {
      pending = undefined; // a later page may try again
      throw error;
    });
  return pending;
}

/** The server's settings, undefined until known (or when the server cannot be asked). */
export function useAppConfig(): AppConfig | undefined {
  const [config, setConfig] = useState<AppConfig>();
  useEffect(() => {
    let live = true;
    getAppConfig()
      .then((value) => live && setConfig(value))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return config;
}
