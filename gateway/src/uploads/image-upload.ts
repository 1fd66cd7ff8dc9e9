import {
  BadRequestException,
  HttpException,
  HttpStatus,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS, VALIDATION_MESSAGES } from '@dinebuds/contracts';

export const ALLOWED_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const NO_IMAGE_CHOSEN = 'Please choose an image to upload';
export const SINGLE_IMAGE = 'Please upload a single image';

/** The image of one upload (a profile picture, a restaurant photo), read into memory. */
export interface UploadedImage {
  buffer: Buffer;
  size: number;
}

export function wrongField(field: string): BadRequestException {
  return new BadRequestException(`Please send the image in the '${field}' field`);
}

/**
 * Checks an uploaded image by its bytes, never by the name or type the browser claims: present,
 * at most 5 MB, and a JPEG, PNG, GIF or WebP. Returns the detected content type.
 */
export async function checkUploadedImage(
  file: UploadedImage | undefined,
): Promise<{ contentType: string; buffer: Buffer }> {
  if (!file || file.size === 0) throw new BadRequestException(NO_IMAGE_CHOSEN);
  if (file.size > LIMITS.profilePictureMaxBytes)
    throw new PayloadTooLargeException(VALIDATION_MESSAGES.fileTooLarge);
  const detected = await fileTypeFromBuffer(file.buffer);
  if (!detected || !ALLOWED_IMAGE_TYPES.includes(detected.mime))
    throw new UnsupportedMediaTypeException(VALIDATION_MESSAGES.invalidFileType);
  return { contentType: detected.mime, buffer: file.buffer };
}

/** Limits @fastify/multipart reports by code (its errors are not HttpExceptions). */
const MULTIPART_ERRORS: Record<string, () => HttpException> = {
  FST_REQ_FILE_TOO_LARGE: () => new PayloadTooLargeException(VALIDATION_MESSAGES.fileTooLarge),
  FST_FILES_LIMIT: () => new BadRequestException(SINGLE_IMAGE),
  FST_FIELDS_LIMIT: () => new BadRequestException('The upload has too many fields'),
  FST_PARTS_LIMIT: () => new BadRequestException('The upload has too many fields'),
  FST_PROTO_VIOLATION: () => new BadRequestException('The upload has a field that is not allowed'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new UnsupportedMediaTypeException('Please upload the image as multipart/form-data'),
};

/** The upload parser's failures (limits by code, or HttpExceptions) in the spec's words. */
export function uploadError(error: unknown, field: string): unknown {
  const fastifyCode = (error as { code?: unknown } | null)?.code;
  if (typeof fastifyCode === 'string' && MULTIPART_ERRORS[fastifyCode])
    return MULTIPART_ERRORS[fastifyCode]();
  if (!(error instanceof HttpException)) return error;
  const code = (error.cause as { code?: string } | undefined)?.code;
  if (error.getStatus() === HttpStatus.PAYLOAD_TOO_LARGE || code === 'LIMIT_FILE_SIZE')
    return new PayloadTooLargeException(VALIDATION_MESSAGES.fileTooLarge);
  if (code === 'LIMIT_UNEXPECTED_FILE') return wrongField(field);
  if (code === 'LIMIT_FILE_COUNT') return new BadRequestException(SINGLE_IMAGE);
  return error;
}
