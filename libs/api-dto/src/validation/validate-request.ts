import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { BODY_NOT_OBJECT, bodyStructureProblem, isBodyObject } from './body-structure.js';
import { firstValidationMessage } from './first-message.js';
import { cacheValidationMetadata } from './metadata-cache.js';
import { EDGE_VALIDATOR_OPTIONS, RPC_VALIDATOR_OPTIONS, TRANSFORM_OPTIONS } from './validation-options.js';

// Every process that checks requests here validates on every call: the rules are looked up once.
cacheValidationMetadata();

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A body checked against its request class as the gateway ('edge') or a service ('rpc') checks
 * it, with the one sentence both answer. An absent body reads as `{}`.
 */
export async function checkRequest<T extends object>(
  type: new () => T,
  body: unknown,
  side: 'edge' | 'rpc',
): Promise<Checked<T>> {
  const plain = body === undefined || body === null || body === '' ? {} : body;
  if (!isBodyObject(plain)) return { ok: false, message: BODY_NOT_OBJECT };
  const problem = bodyStructureProblem(plain);
  if (problem) return { ok: false, message: problem };
  const value = plainToInstance(type, plain, TRANSFORM_OPTIONS);
  const errors = await validate(value, side === 'edge' ? EDGE_VALIDATOR_OPTIONS : RPC_VALIDATOR_OPTIONS);
  return errors.length === 0 ? { ok: true, value } : { ok: false, message: firstValidationMessage(errors) };
}

/** A service's check of the RPC body it received. */
export const validateRequest = <T extends object>(type: new () => T, body: unknown) =>
  checkRequest(type, body, 'rpc');
