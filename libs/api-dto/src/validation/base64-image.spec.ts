import { describe, expect, it } from '@jest/globals';
import { decodeImage, decodeImageBytes } from './base64-image.js';

/** 1x1 transparent PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The start of a JFIF file: enough for content sniffing. */
const JPEG_BASE64 = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
]).toString('base64');
const MAX = { maxBytes: 1024 };

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('decodeImage', () => {
  it('returns the bytes and the content type sniffed from them (JPEG, PNG)', async () => {
    const png = await decodeImage(PNG_BASE64, MAX);
    expect(png.contentType).toBe('image/png');
    expect(png.bytes.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    expect((await decodeImage(JPEG_BASE64, MAX)).contentType).toBe('image/jpeg');
  });

  it('refuses content that is not an allowed image (415), whatever it claims', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n').toString('base64');
    for (const data of [pdf, Buffer.from('hello, I am a picture').toString('base64'), '']) {
      expect(await rejectionOf(decodeImage(data, MAX))).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Invalid file type / Please upload an image file',
      });
    }
  });

  it('refuses an image over maxBytes (413), before decoding it', async () => {
    expect(await rejectionOf(decodeImage(PNG_BASE64, { maxBytes: 10 }))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large / The maximum file size is 5MB',
    });
    expect(() => decodeImageBytes('A'.repeat(8), { maxBytes: 5 })).toThrow('File too large');
    expect(decodeImageBytes('A'.repeat(8), { maxBytes: 6 })).toHaveLength(6);
  });

  it('refuses text that is not base64 (400)', async () => {
    expect(await rejectionOf(decodeImage('not base64!', MAX))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'dataBase64 must be base64',
    });
  });

  it('takes a data: URL prefix and the URL-safe alphabet only when told to', async () => {
    const dataUrl = `data:image/png;base64,${PNG_BASE64}`;
    const urlSafe = Buffer.from([0xfb, 0xff]).toString('base64url');
    expect(() => decodeImageBytes(dataUrl, MAX)).toThrow('dataBase64 must be base64');
    expect(() => decodeImageBytes(urlSafe, MAX)).toThrow('dataBase64 must be base64');
    expect((await decodeImage(dataUrl, { ...MAX, acceptDataUrl: true })).contentType).toBe('image/png');
    expect([...decodeImageBytes(urlSafe, { ...MAX, acceptBase64url: true })]).toEqual([0xfb, 0xff]);
  });
});
