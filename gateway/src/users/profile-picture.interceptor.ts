import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
  createParamDecorator,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { LIMITS } from '@dinebuds/contracts';
import { PROFILE_PICTURE_FIELD, type UploadedImage, uploadError } from './profile-picture.js';

export const UNREADABLE_UPLOAD = 'The upload could not be read';
const SINGLE_IMAGE = 'Please upload a single image';

interface UploadRequest extends FastifyRequest {
  uploadedPicture?: UploadedImage;
}

/**
 * Reads the one picture of a multipart upload into memory (@fastify/multipart stops reading past
 * 5 MB). A file in another field, a second file or a broken form is a 4xx in the spec's words;
 * whatever the form parser throws is about the client's bytes, so it is never a 500.
 */
async function readPicture(req: UploadRequest): Promise<UploadedImage | undefined> {
  let picture: UploadedImage | undefined;
  try {
    const parts = req.parts({
      limits: { fileSize: LIMITS.profilePictureMaxBytes, files: 2, fields: 5, fieldSize: 1024, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== PROFILE_PICTURE_FIELD)
        throw new BadRequestException(`Please send the image in the '${PROFILE_PICTURE_FIELD}' field`);
      if (picture) throw new BadRequestException(SINGLE_IMAGE);
      const buffer = await part.toBuffer();
      picture = { buffer, size: buffer.length };
    }
  } catch (error) {
    const mapped = uploadError(error);
    throw mapped instanceof HttpException ? mapped : new BadRequestException(UNREADABLE_UPLOAD);
  }
  return picture;
}

/** Parses the multipart upload of a @MultipartBody() route (after the body-type check). */
@Injectable()
export class ProfilePictureInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    if (req.isMultipart()) req.uploadedPicture = await readPicture(req);
    return next.handle();
  }
}

/** `@UploadedPicture() file: UploadedImage | undefined` on a route with ProfilePictureInterceptor. */
export const UploadedPicture = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): UploadedImage | undefined =>
    ctx.switchToHttp().getRequest<UploadRequest>().uploadedPicture,
);
