import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { LIMITS, type Paging } from '@dinebuds/contracts';
import { MAX_INT, toCappedInt, toInt } from '../validation/transforms.js';

const LIMIT_MESSAGE = `limit must be an integer between 1 and ${LIMITS.listPageMax}`;
const OFFSET_MESSAGE = 'offset must be a non-negative integer';

/**
 * limit/offset of a list: query text at the gateway, numbers in the RPC body. A limit above the
 * maximum is cut to it; an absent one is the service's default (LIMITS.listPageDefault).
 */
export class PagingQuery implements Paging {
  @ApiPropertyOptional({ minimum: 1, maximum: LIMITS.listPageMax, default: LIMITS.listPageDefault })
  @IsOptional()
  @Transform(toCappedInt(LIMITS.listPageMax))
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: OFFSET_MESSAGE })
  @Min(0, { message: OFFSET_MESSAGE })
  @Max(MAX_INT, { message: OFFSET_MESSAGE })
  offset?: number;
}

/** The page a service reads: the asked limit (already capped) or `fallback`, from `offset` or 0. */
export function pageOf(query: Paging, fallback: number = LIMITS.listPageDefault): Required<Paging> {
  return { limit: query.limit ?? fallback, offset: query.offset ?? 0 };
}
