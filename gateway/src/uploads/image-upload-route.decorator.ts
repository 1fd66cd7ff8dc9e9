import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse } from '@nestjs/swagger';
import { MultipartBody } from '../http/body-type.guard.js';
import { ImageUploadInterceptor } from './image-upload.interceptor.js';

/**
 * A route taking one image in the multipart field `field`: the body-type check expects
 * multipart, the interceptor reads the file (`@UploadedImageFile()`), OpenAPI documents the form.
 */
export function ImageUploadRoute(field: string): MethodDecorator {
  return applyDecorators(
    MultipartBody(),
    UseInterceptors(ImageUploadInterceptor(field)),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary' } },
      },
    }),
  );
}

/**
 * The 200 of a route answering image bytes (one binary schema per type, so its errors stay JSON)
 * and the 304 of a matching If-None-Match.
 */
export function ApiImageResponse(types: readonly string[]): MethodDecorator {
  const binary = { schema: { type: 'string', format: 'binary' } };
  return applyDecorators(
    ApiResponse({
      status: 200,
      description: 'The image bytes, with ETag and Cache-Control',
      content: Object.fromEntries(types.map((type) => [type, binary])),
    }),
    ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' }),
  );
}
