import { TEST_ADMISSION, TEST_INTERNAL_TOKEN, freePort } from '@dinebuds/testing';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src/index.js';
import type { RealServices } from './real-services.js';
import { startRecordingRelay, type RecordingRelay } from './recording-relay.js';

/** A test's own gateway options (rate limits, proxy, cookies …); the services are the helper's. */
export type TestGatewayOptions = Partial<Omit<GatewayOptions, 'services' | 'internalToken'>>;

export interface GatewayUnderTest {
  gateway: RunningGateway;
  url: string;
  /** Closes the gateway, then the relays in front of the services (never the services). */
  close(): Promise<void>;
}

export interface GatewayOnServices extends GatewayUnderTest {
  /** What the gateway sent to identity / social-graph (answers are the real services'). */
  identity: RecordingRelay;
  social: RecordingRelay;
}

type Closable = { close(): Promise<void> };

async function closeAll(items: Closable[]): Promise<void> {
  for (const item of items) await item.close();
}

/** Starts a silent loopback gateway in front of `services`; on failure closes `behind` too. */
async function startInFront(
  services: GatewayOptions['services'],
  behind: Closable[],
  options: TestGatewayOptions,
): Promise<GatewayUnderTest> {
  let gateway: RunningGateway;
  try {
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      services,
      // The token the test services were started with.
      internalToken: TEST_INTERNAL_TOKEN,
      logLevel: 'silent',
      admission: TEST_ADMISSION,
      ...options,
    });
  } catch (error) {
    await closeAll(behind);
    throw error;
  }
  return {
    gateway,
    url: gateway.url,
    async close() {
      await gateway.close();
      await closeAll(behind);
    },
  };
}

/**
 * The gateway alone: every service URL points at a port nobody listens on, for what the gateway
 * answers itself (files, the API description, compression, time-outs). Silent, with the tests'
 * admission limits, so a loaded machine does not make it shed a test's requests.
 */
export async function startLoneGateway(options: TestGatewayOptions = {}): Promise<RunningGateway> {
  const nowhere = async () => `http://127.0.0.1:${await freePort()}`;
  return startGateway({
    port: 0,
    host: '127.0.0.1',
    services: { identity: await nowhere(), socialGraph: await nowhere(), reviews: await nowhere() },
    internalToken: 'lone-gateway-test-internal-token',
    logLevel: 'silent',
    admission: TEST_ADMISSION,
    ...options,
  });
}

/** A gateway in front of the real identity and social-graph, each behind a recording relay. */
export async function startGatewayOnServices(
  real: RealServices,
  options: TestGatewayOptions = {},
): Promise<GatewayOnServices> {
  const identity = await startRecordingRelay(real.identity.service.url);
  const social = await startRecordingRelay(real.social.service.url);
  const started = await startInFront(
    { identity: identity.url, socialGraph: social.url },
    [identity, social],
    options,
  );
  return { ...started, identity, social };
}

/**
 * The gateway with `down` pointing at a port nobody listens on (an unreachable service, which a
 * running service cannot act out) and the other at the real service. Calls to the down service
 * fail at once; the short RPC timeout (overridable) bounds the rest.
 */
export async function startGatewayWithServiceDown(
  real: RealServices,
  down: keyof GatewayOptions['services'],
  options: TestGatewayOptions = {},
): Promise<GatewayUnderTest> {
  const nothing = `http://127.0.0.1:${await freePort()}`;
  const services =
    down === 'identity'
      ? { identity: nothing, socialGraph: real.social.service.url }
      : { identity: real.identity.service.url, socialGraph: nothing };
  return startInFront(services, [], { rpcTimeoutMs: 1000, ...options });
}
