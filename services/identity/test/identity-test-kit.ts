import type { EventBus } from '@dinebuds/events';
import { startIdentityForTest, type IdentityRpcMap, type TestService } from '@dinebuds/testing';
import {
  startIdentityService,
  type IdentityServiceOptions,
  type RunningIdentityService,
} from '../src/index.js';

/** Identity's own test helpers; the generic ones (users, raw calls, SQL) are in @dinebuds/testing. */

export const STRONG_PASSWORD = 'Sup3r-secret';

export type TestIdentity = TestService<RunningIdentityService, IdentityRpcMap>;

export function startTestIdentity(
  databaseUrl: string,
  bus: EventBus,
  extra: Partial<IdentityServiceOptions> = {},
): Promise<TestIdentity> {
  return startIdentityForTest(startIdentityService, databaseUrl, bus, extra);
}
