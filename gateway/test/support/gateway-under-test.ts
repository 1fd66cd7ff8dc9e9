import { freePort } from '@dinebuds/testing';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src/index.js';
import { startFakeIdentity, type FakeIdentity } from './fake-identity.js';
import { startFakeSocialGraph, type FakeSocialGraph } from './fake-social-graph.js';

/** A test's own gateway options (rate limits, proxy, cookies …); the services are the helper's. */
export type TestGatewayOptions = Partial<Omit<GatewayOptions, 'services' | 'internalToken'>>;

export interface GatewayUnderTest {
  gateway: RunningGateway;
  url: string;
  /** Closes the gateway, then the fakes behind it. */
  close(): Promise<void>;
}

export interface GatewayOnFakes extends GatewayUnderTest {
  identity: FakeIdentity;
  social: FakeSocialGraph;
}

type Closable = { close(): Promise<void> };

/** Starts a silent loopback gateway in front of `services`; on failure closes `behind` too. */
async function startInFront(
  internalToken: string,
  services: GatewayOptions['services'],
  behind: Closable[],
  options: TestGatewayOptions,
): Promise<GatewayUnderTest> {
  const closeBehind = async () => {
    for (const fake of behind) await fake.close();
  };
  let gateway: RunningGateway;
  try {
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      services,
      internalToken,
      logLevel: 'silent',
      ...options,
    });
  } catch (error) {
    await closeBehind();
    throw error;
  }
  return {
    gateway,
    url: gateway.url,
    async close() {
      await gateway.close();
      await closeBehind();
    },
  };
}

/** A fake identity and a fake social-graph, and the gateway in front of them. */
export async function startGatewayOnFakes(
  internalToken: string,
  options: TestGatewayOptions = {},
): Promise<GatewayOnFakes> {
  const identity = await startFakeIdentity(internalToken);
  let social: FakeSocialGraph;
  try {
    social = await startFakeSocialGraph(internalToken);
  } catch (error) {
    await identity.close();
    throw error;
  }
  const services = { identity: identity.url, socialGraph: social.url };
  const started = await startInFront(internalToken, services, [identity, social], options);
  return { ...started, identity, social };
}

/**
 * The gateway with `down` pointing at a port nobody listens on and the other service faked.
 * Calls to the down service fail at once; the short RPC timeout (overridable) bounds the rest.
 */
export async function startGatewayWithServiceDown(
  internalToken: string,
  down: keyof GatewayOptions['services'],
  options: TestGatewayOptions = {},
): Promise<GatewayUnderTest> {
  const nothing = `http://127.0.0.1:${await freePort()}`;
  const fake =
    down === 'identity' ? await startFakeSocialGraph(internalToken) : await startFakeIdentity(internalToken);
  const services =
    down === 'identity'
      ? { identity: nothing, socialGraph: fake.url }
      : { identity: fake.url, socialGraph: nothing };
  return startInFront(internalToken, services, [fake], { rpcTimeoutMs: 1000, ...options });
}
