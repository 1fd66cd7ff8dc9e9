/** Ids and counts are PostgreSQL integers. */
export const MAX_INT = 2_147_483_647;

type Input = { value: unknown };

export const trim = ({ value }: Input) => (typeof value === 'string' ? value.trim() : value);

export const trimLower = ({ value }: Input) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** 'Sushi ' -> 'sushi': the stored form of a preference name. */
export const lowerEach = ({ value }: Input) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)) : value;

/**
 * Query strings arrive as text: '20' becomes 20, anything else stays as sent and fails IsInt.
 * An empty value reads as absent.
 */
export const toInt = ({ value }: Input) => {
  if (value === '') return undefined;
  return typeof value === 'string' && /^-?\d{1,10}$/.test(value) ? Number(value) : value;
};

/** As toInt, and a count larger than `max` is cut to `max` rather than refused. */
export const toCappedInt =
  (max: number) =>
  ({ value }: Input) => {
    const n = toInt({ value });
    return typeof n === 'number' && Number.isInteger(n) ? Math.min(n, max) : n;
  };
