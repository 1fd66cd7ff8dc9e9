import { reviewsService } from './reviews.service-definition.js';

reviewsService.runMain();
