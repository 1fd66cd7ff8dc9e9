import type { ClassTransformOptions } from 'class-transformer';
import type { ValidationOptions, ValidatorOptions } from 'class-validator';

/**
 * Rules only the gateway enforces: the service takes the same field more leniently on purpose
 * (its policy decides: a login with an absurd username is a failed login, duplicate cities count
 * once before the limit, the catalogue picks a badge's category). Spread into a decorator's options.
 */
export const EDGE_ONLY = { groups: ['edge'] } as const satisfies ValidationOptions;

/** Rules only a service applies: where the gateway's own stricter rule already decided. */
export const RPC_ONLY = { groups: ['rpc'] } as const satisfies ValidationOptions;

/** Unknown fields refused, and no value or object echoed back in errors. */
const STRICT: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  validationError: { target: false, value: false },
};

/** The gateway: the shared rules and the EDGE_ONLY ones (`always` keeps ungrouped rules on). */
export const EDGE_VALIDATOR_OPTIONS: ValidatorOptions = { ...STRICT, groups: ['edge'], always: true };

/** A service: the shared rules and the RPC_ONLY ones. */
export const RPC_VALIDATOR_OPTIONS: ValidatorOptions = { ...STRICT, groups: ['rpc'], always: true };

/** Values keep their JSON types: only the classes' own @Transform rules convert. */
export const TRANSFORM_OPTIONS: ClassTransformOptions = { enableImplicitConversion: false };
