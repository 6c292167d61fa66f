import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { DownloadFailedError } from './api/create-download';
import { downloadErrorMessage, downloadFailedMessage } from './download-error-message';
import { downloadVariants } from './download-variants';
import { downloadTips } from './download-tips';

const offline = 'offline';

describe('downloadErrorMessage', () => {
  it('uses the server detail, then message, then the fallback', () => {
    const tooLong = new ApiError(422, 'URL is too long', { detail: 'URL is too long' });
    expect(downloadErrorMessage(tooLong, offline)).toBe('URL is too long');
    expect(downloadErrorMessage(new ApiError(500, undefined, { message: 'Boom' }), offline)).toBe('Boom');
    expect(downloadErrorMessage(new ApiError(502, undefined, '<html>'), offline)).toBe(downloadFailedMessage);
    expect(downloadErrorMessage(new DownloadFailedError('Site not found'), offline)).toBe('Site not found');
    expect(downloadErrorMessage(new DownloadFailedError(undefined), offline)).toBe(downloadFailedMessage);
    expect(downloadErrorMessage(new Error('?'), offline)).toBe(downloadFailedMessage);
  });

  it('reports a network failure in the wording of each page', () => {
    const failure = new NetworkError(new TypeError('Failed to fetch'));
    expect(downloadErrorMessage(failure, downloadVariants.landing.cannotConnectMessage)).toBe(
      '🌐 Cannot connect to server. Please check your internet connection and try again.',
    );
    expect(downloadErrorMessage(failure, downloadVariants.dashboard.cannotConnectMessage)).toBe(
      'Cannot connect to server. Please ensure the backend is running.',
    );
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
