import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
  type Type,
  createParamDecorator,
  mixin,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { LIMITS } from '@dinebuds/contracts';
import { SINGLE_IMAGE, type UploadedImage, uploadError, wrongField } from './image-upload.js';

export const UNREADABLE_UPLOAD = 'The upload could not be read';

interface UploadRequest extends FastifyRequest {
  uploadedImage?: UploadedImage;
}

/**
 * Reads the one image of a multipart upload into memory (@fastify/multipart stops reading past
 * 5 MB). A file in another field, a second file or a broken form is a 4xx in the spec's words;
 * whatever the form parser throws is about the client's bytes, so it is never a 500.
 */
async function readImage(req: UploadRequest, field: string): Promise<UploadedImage | undefined> {
  let image: UploadedImage | undefined;
  try {
    const parts = req.parts({
      limits: { fileSize: LIMITS.profilePictureMaxBytes, files: 2, fields: 5, fieldSize: 1024, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) throw wrongField(field);
      if (image) throw new BadRequestException(SINGLE_IMAGE);
      const buffer = await part.toBuffer();
      image = { buffer, size: buffer.length };
    }
  } catch (error) {
    const mapped = uploadError(error, field);
    throw mapped instanceof HttpException ? mapped : new BadRequestException(UNREADABLE_UPLOAD);
  }
  return image;
}

/**
 * `@UseInterceptors(ImageUploadInterceptor('photo'))`: parses the multipart upload of a
 * @MultipartBody() route (after the body-type check), taking the image from the one file field.
 */
export function ImageUploadInterceptor(field: string): Type<NestInterceptor> {
  @Injectable()
  class ImageFieldInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<UploadRequest>();
      if (req.isMultipart()) req.uploadedImage = await readImage(req, field);
      return next.handle();
    }
  }
  return mixin(ImageFieldInterceptor);
}

/** `@UploadedImageFile() file: UploadedImage | undefined` on a route with ImageUploadInterceptor. */
export const UploadedImageFile = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): UploadedImage | undefined =>
    ctx.switchToHttp().getRequest<UploadRequest>().uploadedImage,
);
