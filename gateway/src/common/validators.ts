import { ValidateBy, ValidateIf, type ValidationArguments, type ValidationOptions } from 'class-validator';

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
