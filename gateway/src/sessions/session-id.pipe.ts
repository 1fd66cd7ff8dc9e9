import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';

/** Session ids are opaque but short and URL-safe (a UUID today). */
const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

@Injectable()
export class SessionIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !SESSION_ID.test(value))
      throw new BadRequestException('sessionId is not a valid session id');
    return value;
  }
}
