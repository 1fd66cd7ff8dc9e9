import { ERROR_STATUS, type ErrorCode } from '@dinebuds/contracts';

/**
 * A rule of the domain was broken. Services throw it with a stable code; the code, not the class,
 * crosses the process boundary and picks the HTTP status (ERROR_STATUS).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Sent as `Retry-After` (seconds) with a 429 or 503, so clients know when to come back. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const badRequest = (message: string) => new DomainError('VALIDATION_FAILED', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const unauthenticated = (message = 'Not authenticated') => new DomainError('UNAUTHENTICATED', message);

/** Load shed on purpose: 503 with Retry-After, answered before any costly work starts. */
export const busy = (message: string, retryAfterSeconds = 1) =>
  new DomainError('BUSY', message, retryAfterSeconds);
