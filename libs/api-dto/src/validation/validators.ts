import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsInt,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import { VALIDATION_MESSAGES, newPasswordProblem, type NewPasswordRule } from '@dinebuds/contracts';
import { MAX_INT } from './transforms.js';

/** The property equals another property of the same object (confirm-password fields). */
export function EqualsProperty(property: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'equalsProperty',
      constraints: [property],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          value === (args?.object as Record<string, unknown>)[property],
      },
    },
    options,
  );
}

/** A string that is not blank after trimming. */
export function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBlank',
      validator: { validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0 },
    },
    options,
  );
}

/**
 * Like @IsOptional() but only for a missing field: an explicit null is still validated (and
 * refused by the type check), for fields the services do not accept as null.
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/**
 * The shared rule of a password being set (`newPasswordProblem` in contracts, which identity
 * applies again): its message is the first rule the value breaks.
 */
export function IsNewPassword(rule: NewPasswordRule = {}): PropertyDecorator {
  return ValidateBy({
    name: 'isNewPassword',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && newPasswordProblem(value, rule) === null,
      defaultMessage: (args) =>
        (typeof args?.value === 'string' && newPasswordProblem(args.value, rule)) ||
        VALIDATION_MESSAGES.passwordMin,
    },
  });
}

const positiveIdMessage = ({ property }: ValidationArguments) => `${property} must be a positive integer`;
/** Digits only: '1e3', '0x10' and ' 1' stay text and fail the integer check. */
const idFromText = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;

/**
 * A required positive 32-bit id ('<field> is required', '<field> must be a positive integer').
 * `fromText`: an RPC field filled from a route parameter, which may arrive as digits in a string.
 */
export function PositiveId({ fromText = false }: { fromText?: boolean } = {}): PropertyDecorator {
  return (target, property) => {
    const decorators: PropertyDecorator[] = [
      IsDefined({ message: ({ property: name }) => `${name} is required` }),
      IsInt({ message: positiveIdMessage }),
      Min(1, { message: positiveIdMessage }),
      Max(MAX_INT, { message: positiveIdMessage }),
    ];
    if (fromText) decorators.push(Transform(idFromText));
    for (const decorate of decorators) decorate(target, property);
  };
}
