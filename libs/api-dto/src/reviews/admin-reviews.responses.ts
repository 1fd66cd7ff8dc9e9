import { ApiProperty } from '@nestjs/swagger';
import type { AdminReviewDto, AdminReviewListDto } from '@dinebuds/contracts';
import { RestaurantReviewerSchema, ReviewSchema } from './reviews.responses.js';

export class AdminReviewSchema extends ReviewSchema implements AdminReviewDto {
  @ApiProperty({
    type: RestaurantReviewerSchema,
    nullable: true,
    description: 'Null while the reviews service has not yet heard of the reviewer',
  })
  user: RestaurantReviewerSchema | null;
}

export class AdminReviewListSchema implements AdminReviewListDto {
  @ApiProperty({ type: [AdminReviewSchema], description: 'Newest first' }) reviews: AdminReviewSchema[];
  @ApiProperty({ example: 12, description: 'Reviews matching the search and rating filter' })
  total: number;
  @ApiProperty({ example: 40, description: 'Every review' }) overall: number;
}
