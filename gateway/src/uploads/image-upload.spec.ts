import { describe, expect, it } from '@jest/globals';
import { BadRequestException, HttpStatus, PayloadTooLargeException } from '@nestjs/common';
import { toErrorBody } from '@dinebuds/errors';
import { etagMatches, pictureCacheControl, quoteEtag, servedContentType } from './image-caching.js';
import { NO_IMAGE_CHOSEN, checkUploadedImage, uploadError } from './image-upload.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(20),
]);

async function bodyOf(promise: Promise<unknown>) {
  return toErrorBody(
    await promise.then(
      () => null,
      (e: unknown) => e,
    ),
  ).body;
}

describe('checkUploadedImage', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['webp', WEBP, 'image/webp'],
  ])('accepts a %s by its bytes', async (_name, buffer, contentType) => {
    await expect(checkUploadedImage({ buffer, size: buffer.length })).resolves.toEqual({
      contentType,
      buffer,
    });
  });

  it('refuses what is not one of those images with 415', async () => {
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('just text'),
    ]) {
      expect(await bodyOf(checkUploadedImage({ buffer: bytes, size: bytes.length }))).toEqual({
        statusCode: 415,
        message: 'Invalid file type / Please upload an image file',
        error: 'Unsupported Media Type',
      });
    }
  });

  it('refuses more than 5 MB with 413 and no file with 400', async () => {
    expect(await bodyOf(checkUploadedImage({ buffer: PNG, size: 5 * 1024 * 1024 + 1 }))).toEqual({
      statusCode: 413,
      message: 'File too large / The maximum file size is 5MB',
      error: 'Payload Too Large',
    });
    expect((await bodyOf(checkUploadedImage(undefined))).message).toBe(NO_IMAGE_CHOSEN);
    expect((await bodyOf(checkUploadedImage({ buffer: Buffer.alloc(0), size: 0 }))).statusCode).toBe(400);
  });
});

describe('uploadError', () => {
  it("puts multer's failures in the spec's words", () => {
    const tooLarge = uploadError(
      new PayloadTooLargeException('File too large', { cause: { code: 'LIMIT_FILE_SIZE' } }),
      'photo',
    );
    expect(toErrorBody(tooLarge).body).toMatchObject({
      statusCode: 413,
      message: 'File too large / The maximum file size is 5MB',
    });
    const wrongField = uploadError(
      new BadRequestException('Unexpected field - avatar', { cause: { code: 'LIMIT_UNEXPECTED_FILE' } }),
      'profilePicture',
    );
    expect(toErrorBody(wrongField).body).toMatchObject({
      statusCode: HttpStatus.BAD_REQUEST,
      message: "Please send the image in the 'profilePicture' field",
    });
    const other = new Error('boom');
    expect(uploadError(other, 'photo')).toBe(other);
  });
});

describe('picture caching', () => {
  it('quotes ETags and matches If-None-Match', () => {
    expect(quoteEtag('abc')).toBe('"abc"');
    expect(quoteEtag('"abc"')).toBe('"abc"');
    expect(quoteEtag('W/"abc"')).toBe('W/"abc"');
    expect(etagMatches('"abc"', 'abc')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', 'abc')).toBe(true);
    expect(etagMatches('*', 'abc')).toBe(true);
    expect(etagMatches('"x"', 'abc')).toBe(false);
    expect(etagMatches(undefined, 'abc')).toBe(false);
  });

  it('caches a versioned URL for a year and revalidates the plain one', () => {
    expect(pictureCacheControl(true)).toBe('public, max-age=31536000, immutable');
    expect(pictureCacheControl(false)).toBe('public, no-cache');
  });

  it('serves only accepted image types as such', () => {
    expect(servedContentType('image/webp')).toBe('image/webp');
    expect(servedContentType('image/svg+xml')).toBe('application/octet-stream');
    expect(servedContentType('text/html')).toBe('application/octet-stream');
  });
});
