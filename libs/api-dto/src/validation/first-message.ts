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
