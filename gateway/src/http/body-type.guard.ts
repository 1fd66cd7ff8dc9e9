import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';

export const MULTIPART_BODY = 'dinebuds:multipart-body';

/** The route takes a multipart/form-data upload; every other route takes JSON. */
export const MultipartBody = () => SetMetadata(MULTIPART_BODY, true);

export const BODY_NOT_JSON = 'The request body must be JSON (Content-Type: application/json)';
export const BODY_NOT_MULTIPART = 'Please upload the image as multipart/form-data';

/** Whether a request carries body bytes (a body-less POST from a browser sends none). */
export function hasBodyContent(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length']);
  return Number.isFinite(length) && length > 0;
}

/** Why a body of this Content-Type is refused by a JSON (or multipart) route, or null. */
export function bodyTypeProblem(contentType: string | undefined, multipart: boolean): string | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (multipart) return type === 'multipart/form-data' ? null : BODY_NOT_MULTIPART;
  return type === 'application/json' ? null : BODY_NOT_JSON;
}

/**
 * Global guard, the last one: a body the route cannot read is a 415, not silently ignored. Only
 * JSON is parsed, so a text/plain or form body would otherwise reach the handler as no body at all
 * and a body-less action (logout, follow, toggle-privacy) would run. Registered after the session
 * guard, so an anonymous caller of a signed-in route still hears 401 first, and it runs before
 * the upload interceptor reads anything. A guard, not an interceptor: with a global interceptor
 * every answer became an Observable that Nest watches for the client's disconnect (two 'close'
 * listeners per request).
 */
@Injectable()
export class BodyTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
      if (hasBodyContent(req.headers)) {
        const multipart =
          this.reflector.get<boolean | undefined>(MULTIPART_BODY, context.getHandler()) === true;
        const problem = bodyTypeProblem(req.headers['content-type'], multipart);
        if (problem) throw new UnsupportedMediaTypeException(problem);
      }
    }
    return true;
  }
}
