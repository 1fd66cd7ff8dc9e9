import { identityService } from './identity.service-definition.js';

identityService.runMain();
