import { describe, expect, it } from '@jest/globals';
import { keywordsOfText } from '@serpwise/contracts';
import { bulkUploadError } from './bulk-upload';

describe('bulk keyword upload', () => {
  it('reads one keyword per line or comma, normalised, without repeats', () => {
    expect(keywordsOfText('Running  Shoes\r\ntrail shoes, running shoes\n\n  ')).toEqual(['running shoes', 'trail shoes']);
  });

  it('refuses an empty list and more than 1000 keywords with the server’s messages', () => {
    expect(bulkUploadError([])).toBe('Enter at least one keyword.');
    expect(bulkUploadError(Array.from({ length: 1000 }, (_, index) => `k${index}`))).toBeNull();
    expect(bulkUploadError(Array.from({ length: 1001 }, (_, index) => `k${index}`))).toBe('At most 1000 keywords per upload (you sent 1001).');
  });
});
