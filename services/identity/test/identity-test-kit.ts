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

/**
 * The password queue refuses a caller whose turn would come after `maxWaitMs` by the recent
 * hashes' time: on a slow, loaded machine four registrations at once could be refused (503).
 * Tests not about that wait as long as it takes (as TEST_ADMISSION does for the door); the
 * overload tests pass their own limits.
 */
const PATIENT_PASSWORD_WORK = { maxWaitMs: 60_000 };

export function startTestIdentity(
  databaseUrl: string,
  bus: EventBus,
  extra: Partial<IdentityServiceOptions> = {},
): Promise<TestIdentity> {
  return startIdentityForTest(startIdentityService, databaseUrl, bus, {
    passwordWork: PATIENT_PASSWORD_WORK,
    ...extra,
  });
}
