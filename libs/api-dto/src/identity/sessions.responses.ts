import { ApiProperty } from '@nestjs/swagger';
import type { SessionDto } from '@dinebuds/contracts';

export class SessionSchema implements SessionDto {
  @ApiProperty({ description: 'Public id of the session (never the cookie secret)' }) id: string;
  @ApiProperty({ type: String, nullable: true }) userAgent: string | null;
  @ApiProperty({ type: String, nullable: true }) ipAddress: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) lastSeenAt: string;
  @ApiProperty({ description: 'This is the session making the request' }) current: boolean;
}
