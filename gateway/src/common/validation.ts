import { type ArgumentMetadata, BadRequestException, ValidationPipe } from '@nestjs/common';
import {
  BODY_NOT_OBJECT,
  EDGE_VALIDATOR_OPTIONS,
  TRANSFORM_OPTIONS,
  bodyStructureProblem,
  firstValidationMessage,
  isBodyObject,
} from '@dinebuds/api-dto';

class GatewayValidationPipe extends ValidationPipe {
  /**
   * A DTO body must be an object (a JSON array would otherwise be checked item by item), not too
   * deep, and without prototype-named keys.
   */
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && this.toValidate(metadata) && value !== undefined) {
      if (!isBodyObject(value)) throw new BadRequestException(BODY_NOT_OBJECT);
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
 * The gateway's global pipe: the request classes of @dinebuds/api-dto with their gateway rules,
 * unknown fields refused, values become class instances, and the answer is one readable sentence
 * (not class-validator's list with property paths).
 */
export function createValidationPipe(): ValidationPipe {
  return new GatewayValidationPipe({
    ...EDGE_VALIDATOR_OPTIONS,
    transform: true,
    transformOptions: TRANSFORM_OPTIONS,
    exceptionFactory: (errors) => new BadRequestException(firstValidationMessage(errors)),
  });
}
