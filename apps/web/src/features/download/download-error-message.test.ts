import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { DownloadFailedError } from './api/create-download';
import { cannotConnectMessage, downloadErrorMessage, downloadFailedMessage } from './download-error-message';
import { downloadTips } from './download-tips';

describe('downloadErrorMessage', () => {
  it('uses the server detail, then message, then the fallback', () => {
    expect(downloadErrorMessage(new ApiError(422, 'URL is too long', { detail: 'URL is too long' }))).toBe('URL is too long');
    expect(downloadErrorMessage(new ApiError(500, undefined, { message: 'Boom' }))).toBe('Boom');
    expect(downloadErrorMessage(new ApiError(502, undefined, '<html>'))).toBe(downloadFailedMessage);
    expect(downloadErrorMessage(new DownloadFailedError('Site not found'))).toBe('Site not found');
    expect(downloadErrorMessage(new DownloadFailedError(undefined))).toBe(downloadFailedMessage);
    expect(downloadErrorMessage(new Error('?'))).toBe(downloadFailedMessage);
  });

  it('reports a network failure', () => {
    expect(downloadErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(cannotConnectMessage);
  });
});

describe('downloadTips', () => {
  it('picks tips by the words in the message', () => {
    expect(downloadTips('The site was not found. Check it is spelled correctly.')).toHaveLength(1);
    expect(downloadTips('Request Timeout after 30s')[0]).toMatch(/slow/);
    expect(downloadTips('The site is blocking automated downloads')[0]).toMatch(/block/);
    expect(downloadTips('Something else')).toEqual([]);
  });
});
