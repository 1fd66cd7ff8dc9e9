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

function constraintMessage(error: ValidationError): string | undefined {
  const constraints = error.constraints ?? {};
  const keys = Object.keys(constraints);
  if (keys.length === 0) return undefined;
  const key = FIRST_CONSTRAINTS.find((k) => k in constraints) ?? keys[keys.length - 1];
  if (key === 'whitelistValidation') return `Unexpected field '${error.property}'`;
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

class GatewayValidationPipe extends ValidationPipe {
  /** A DTO body must be an object: a JSON array would otherwise be checked item by item. */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (
      metadata.type === 'body' &&
      this.toValidate(metadata) &&
      value !== undefined &&
      (typeof value !== 'object' || value === null || Array.isArray(value))
    ) {
      throw new BadRequestException(BODY_NOT_OBJECT);
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
