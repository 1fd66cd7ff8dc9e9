/** Postgres unique_violation, as TypeORM's QueryFailedError or a raw pg error carries it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const code = e.driverError?.code ?? e.code;
  if (code !== '23505') return false;
  return constraint === undefined || (e.driverError?.constraint ?? e.constraint) === constraint;
}

/** Constraint / index names the code reacts to (defined in the migrations). */
export const CONSTRAINTS = {
  usernameUnique: 'users_username_lower_key',
} as const;
