import { moderationService } from './moderation.service-definition.js';

moderationService.runMain();
