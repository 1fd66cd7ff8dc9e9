import { ApiProperty } from '@nestjs/swagger';
import type { AdminUserDto, AdminUserListDto } from '@dinebuds/contracts';

/** OpenAPI schema of AdminUserDto (a row of the admin Users table). */
export class AdminUserSchema implements AdminUserDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty({ example: 'Alice Liddell' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '/api/users/7/profile-picture?v=3' })
  profilePicture: string | null;
  @ApiProperty({ example: 12 }) reviewCount: number;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() isPrivate: boolean;
  @ApiProperty({ description: 'false once an admin deactivated the account: it cannot sign in' })
  isActive: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deactivatedAt: string | null;
  @ApiProperty({ example: 'Flavor Explorer', description: 'The review level of the real review count' })
  level: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'New York',
    description: 'The city with most of their reviews; null before the first',
  })
  mostVisitedCity: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

/** OpenAPI schema of AdminUserListDto. */
export class AdminUserListSchema implements AdminUserListDto {
  @ApiProperty({ type: [AdminUserSchema] }) users: AdminUserDto[];
  @ApiProperty({ example: 42, description: 'How many people match, over all pages' }) total: number;
}
