import { describe, expect, it } from '@jest/globals';
import { decodeImageBytes, imageContentType } from '@dinebuds/api-dto';
import { DomainError } from '@dinebuds/errors';
import { PICTURE_UPLOAD } from './picture.policy.js';

const decodePicture = (dataBase64: string, maxBytes = PICTURE_UPLOAD.maxBytes) =>
  decodeImageBytes(dataBase64, { ...PICTURE_UPLOAD, maxBytes });

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected an error');
}

describe('picture policy', () => {
  it('decodes base64, also from a data URL', () => {
    expect(decodePicture(Buffer.from('abc').toString('base64')).toString()).toBe('abc');
    expect(decodePicture(`data:image/png;base64,${Buffer.from('abc').toString('base64')}`).toString()).toBe(
      'abc',
    );
  });

  it('refuses oversized data before decoding it (413) and empty or non-base64 data', () => {
    expect(errorOf(() => decodePicture('A'.repeat(8), 5))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large / The maximum file size is 5MB',
    });
    expect(decodePicture('A'.repeat(8), 6)).toHaveLength(6);
    expect(errorOf(() => decodePicture('')).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(errorOf(() => decodePicture('not base64!')).code).toBe('VALIDATION_FAILED');
  });

  it('accepts only JPEG, PNG, GIF and WebP content (415 otherwise)', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
      expect(imageContentType(type)).toBe(type);
    for (const type of [undefined, 'image/svg+xml', 'application/pdf', 'image/tiff']) {
      expect(errorOf(() => imageContentType(type))).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Invalid file type / Please upload an image file',
      });
    }
  });
});
