import { messagingService } from './messaging.service-definition.js';

messagingService.runMain();
