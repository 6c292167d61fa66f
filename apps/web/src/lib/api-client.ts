import { env } from '../config/env';
import { ApiError, isAbortError, NetworkError } from './api-errors';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as a Bearer token. */
  token?: string;
  signal?: AbortSignal;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON for JSON responses, the text otherwise, undefined when empty. */
  body: unknown;
}

/** An API path (or an absolute URL the API handed out) as an address the browser can open. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${env.apiBase}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * Calls the API. Resolves with the body of a 2xx response; rejects with ApiError for any
 * other status, NetworkError when no response arrived, or the AbortError when aborted.
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }

  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, detailOf(body), body);
  return { status: response.status, body };
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  if (text === '') return undefined;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function detailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return undefined;
  return typeof body.detail === 'string' && body.detail !== '' ? body.detail : undefined;
}
