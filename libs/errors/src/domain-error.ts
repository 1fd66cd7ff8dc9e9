import { ERROR_STATUS, type ErrorCode } from '@dinebuds/contracts';

/**
 * A rule of the domain was broken. Services throw it with a stable code; the code, not the class,
 * crosses the process boundary and picks the HTTP status (ERROR_STATUS).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
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
