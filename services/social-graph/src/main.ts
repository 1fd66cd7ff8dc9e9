import { socialGraphService } from './social-graph.service-definition.js';

socialGraphService.runMain();
