import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiErrorBody, CountResponse, MessageResponse } from '@dinebuds/contracts';

/** OpenAPI schema of every error answer. */
export class ErrorResponse implements ApiErrorBody {
  @ApiProperty({ example: 400 })
  statusCode: number;

  @ApiProperty({
    example: 'Username must be at least 3 characters',
    description: 'One sentence the UI can show',
  })
  message: string;

  @ApiProperty({ example: 'Bad Request' })
  error: string;

  @ApiPropertyOptional({
    example: 'VALIDATION_FAILED',
    description: "The service's stable error code, when a service answered",
  })
  code?: string;
}

export class MessageResponseSchema implements MessageResponse {
  @ApiProperty({ example: 'Logged out successfully' })
  message: string;
}

export class CountSchema implements CountResponse {
  @ApiProperty({ example: 12 }) count: number;
}
