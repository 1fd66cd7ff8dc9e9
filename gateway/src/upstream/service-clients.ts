import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { RPC_PATTERNS, type RpcMap, type ServiceRpc } from '@dinebuds/contracts';
import { DomainError } from '@dinebuds/errors';
import { DEFAULT_ADMISSION, ServiceClient, type ServiceClientOptions } from '@dinebuds/service-client';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { PASSWORD_RPCS } from './password-work.js';
import { GATEWAY_SERVICES } from './services.generated.js';

/** A service of services.catalogue.json, by its catalogue name ('social-graph'). */
export type ServiceName = (typeof GATEWAY_SERVICES)[number]['name'];
/** The same service by the gateway's key in `services` ('socialGraph'). */
export type GatewayKey = (typeof GATEWAY_SERVICES)[number]['gatewayKey'];

/**
 * The typed client of each service: its RPC contract is `ServiceRpc[name]` in libs/contracts (a
 * catalogue service without one there fails to compile here).
 */
type Contract<M> = { [K in keyof M]: M[K] extends RpcMap[string] ? M[K] : never };
type Clients = { [S in ServiceName]: ServiceClient<Contract<ServiceRpc[S]>> };
export type ClientOf<N extends ServiceName> = Clients[N];

/** What the gateway needs of any service client regardless of its RPC map. */
export type UpstreamService = Pick<ServiceClient<RpcMap>, 'service' | 'health' | 'close'>;

/** Profile pictures travel base64 in JSON: 5 MB of image is ~6.7 MB of text. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * A service's own connection lane for the password RPCs it answers (today identity's), as many
 * connections as the door lets password work in at once: a sign-in then waits for the service's
 * password queue only, never behind the reads queued for the same service.
 */
function ownLane(name: ServiceName, options: ResolvedGatewayOptions): ServiceClientOptions['ownLane'] {
  const answered: readonly string[] = RPC_PATTERNS[name];
  const patterns = PASSWORD_RPCS.filter((pattern) => answered.includes(pattern));
  if (patterns.length === 0) return undefined;
  return {
    patterns,
    connections: options.admission.maxCostlyInFlight || DEFAULT_ADMISSION.maxCostlyInFlight,
  };
}

/**
 * One pooled client per service of the catalogue whose URL the gateway was given, all built the
 * same way; closed when the gateway stops. `clients.for('reviews')` is the typed client, or a 503
 * when the gateway was started without that service (a test's gateway for another area).
 */
@Injectable()
export class ServiceClients implements OnApplicationShutdown {
  private readonly clients = new Map<ServiceName, UpstreamService>();

  constructor(@Inject(GATEWAY_OPTIONS) options: ResolvedGatewayOptions) {
    for (const { name, gatewayKey } of GATEWAY_SERVICES) {
      const baseUrl = options.services[gatewayKey];
      if (!baseUrl) continue;
      const lane = ownLane(name, options);
      this.clients.set(
        name,
        new ServiceClient<RpcMap>({
          service: name,
          baseUrl,
          internalToken: options.internalToken,
          timeoutMs: options.rpcTimeoutMs,
          maxResponseBytes: MAX_RESPONSE_BYTES,
          inProcess: options.inProcessServices[gatewayKey],
          ...(lane && { ownLane: lane }),
        }),
      );
    }
  }

  /** The typed client of a service; 503 when the gateway was started without its URL. */
  for<N extends ServiceName>(name: N): ClientOf<N> {
    const client = this.clients.get(name);
    if (!client)
      throw new DomainError('UPSTREAM_UNAVAILABLE', `The ${name} service is not available right now`);
    // Built from the same catalogue entry: the contract's type is the one its name gives.
    return client as unknown as ClientOf<N>;
  }

  /** Every client (for the health check and shutdown). */
  all(): UpstreamService[] {
    return [...this.clients.values()];
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.all().map((client) => client.close()));
  }
}

@Global()
@Module({})
export class ServiceClientsModule {
  static forRoot(options: ResolvedGatewayOptions): DynamicModule {
    return {
      module: ServiceClientsModule,
      providers: [{ provide: GATEWAY_OPTIONS, useValue: options }, ServiceClients],
      exports: [GATEWAY_OPTIONS, ServiceClients],
    };
  }
}
