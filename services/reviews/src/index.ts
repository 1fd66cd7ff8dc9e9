export {
  REVIEWS_ENTITIES,
  reviewsService,
  reviewsService as serviceDefinition,
  startReviewsService,
  type ReviewsServiceOptions,
  type RunningReviewsService,
} from './reviews.service-definition.js';
export { reviewsMigrations } from './database/migrations/index.js';
export { DEFAULT_EVENTS_QUEUE as REVIEWS_EVENTS_QUEUE, REVIEWS_SCHEMA } from './config.js';
