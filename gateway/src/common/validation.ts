import { type ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/**
 * Constraints reported first when a field breaks several: a missing or mistyped field says so
 * before its length rule does. Among the others the topmost decorator wins: decorators apply
 * bottom-up, so class-validator lists their constraints in reverse of the written order.
 */
const FIRST_CONSTRAINTS = [
  'whitelistValidation',
  'isDefined',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
  'nestedValidation',
];

const FIELD_NAME_SHOWN = 40;

/** A client-sent field name fit for a sentence: no control characters, at most 40 characters. */
export function shownFieldName(name: string): string {
  const printable = name.replace(/\p{Cc}/gu, '?');
  return printable.length > FIELD_NAME_SHOWN ? `${printable.slice(0, FIELD_NAME_SHOWN)}…` : printable;
}

export const unexpectedField = (name: string) => `Unexpected field '${shownFieldName(name)}'`;

function constraintMessage(error: ValidationError): string | undefined {
  const constraints = error.constraints ?? {};
  const keys = Object.keys(constraints);
  if (keys.length === 0) return undefined;
  const key = FIRST_CONSTRAINTS.find((k) => k in constraints) ?? keys[keys.length - 1];
  if (key === 'whitelistValidation') return unexpectedField(error.property);
  return constraints[key];
}

/** The one sentence shown for a failed validation: the first broken rule of the first bad field. */
export function firstValidationMessage(errors: readonly ValidationError[]): string {
  for (const error of errors) {
    const own = constraintMessage(error);
    if (own) return own;
    const nested = firstValidationMessage(error.children ?? []);
    if (nested !== 'Invalid request') return nested;
  }
  return 'Invalid request';
}

export const BODY_NOT_OBJECT = 'The request body must be a JSON object';
export const BODY_TOO_DEEP = 'The request body is nested too deeply';

/** Deeper than any DTO (a body, a list, an item, its fields) with room to spare. */
const MAX_BODY_DEPTH = 16;

/**
 * What class-transformer and class-validator cannot be trusted with, found without recursion:
 * nesting deep enough to overflow their recursive walks (a 500), and keys named like
 * Object.prototype members ('__proto__', 'constructor', 'toString'), which the whitelist misses.
 */
export function bodyStructureProblem(value: unknown): string | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > MAX_BODY_DEPTH) return BODY_TOO_DEEP;
    if (Array.isArray(current)) {
      for (const item of current) pending.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key in Object.prototype) return unexpectedField(key);
      pending.push([item, depth + 1]);
    }
  }
  return undefined;
}

class GatewayValidationPipe extends ValidationPipe {
  /**
   * A DTO body must be an object (a JSON array would otherwise be checked item by item), not too
   * deep, and without prototype-named keys.
   */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (
      metadata.type === 'body' &&
      this.toValidate(metadata) &&
      value !== undefined &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      throw new BadRequestException(BODY_NOT_OBJECT);
    }
    if (metadata.type === 'body' && this.toValidate(metadata)) {
      const problem = bodyStructureProblem(value);
      if (problem) throw new BadRequestException(problem);
    }
    return super.transform(value, metadata);
  }

  /**
   * Leaves single route and query values as sent: Nest's `+value` would turn '1e3' or '0x10' into
   * ids before PositiveIntPipe could refuse them. Each such value has its own pipe instead.
   */
  protected override transformPrimitive(value: unknown, _metadata: ArgumentMetadata): unknown {
    return value;
  }
}

/**
 * The gateway's global pipe: unknown fields are refused, values become DTO instances, and the
 * answer is one readable sentence (not class-validator's list with property paths).
 */
export function createValidationPipe(): ValidationPipe {
  return new GatewayValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(firstValidationMessage(errors)),
  });
}
