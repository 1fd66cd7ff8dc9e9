import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import type { Observable } from 'rxjs';
import { LIMITS } from '@dinebuds/contracts';
import { PROFILE_PICTURE_FIELD, uploadError } from './profile-picture.js';

/** Nest's multer interceptor for one in-memory picture; multer stops reading past 5 MB (LIMIT_FILE_SIZE). */
const MulterPicture = FileInterceptor(PROFILE_PICTURE_FIELD, {
  storage: memoryStorage(),
  limits: { fileSize: LIMITS.profilePictureMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
});

/** Parses the multipart upload and answers multer's failures with the spec's messages. */
@Injectable()
export class ProfilePictureInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor = new MulterPicture({});

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      throw uploadError(error);
    }
  }
}
