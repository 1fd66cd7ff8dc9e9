import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { IdentityRpc, ReviewsRpc, RpcMap, SocialRpc } from '@dinebuds/contracts';
import { DomainError } from '@dinebuds/errors';
import { currentRequestId } from '@dinebuds/logging';
import { DEFAULT_ADMISSION, ServiceClient } from '@dinebuds/service-client';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { PASSWORD_RPCS } from './password-work.js';

export type IdentityClient = ServiceClient<IdentityRpc>;
export type SocialGraphClient = ServiceClient<SocialRpc>;
export type ReviewsClient = ServiceClient<ReviewsRpc>;

/** What the gateway needs of any service client regardless of its RPC map. */
export type UpstreamService = Pick<ServiceClient<RpcMap>, 'service' | 'health' | 'close'>;

/** Injection token of the typed identity client: `@Inject(IDENTITY) identity: IdentityClient`. */
export const IDENTITY = Symbol('IDENTITY');
/** Injection token of the typed social-graph client: `@Inject(SOCIAL_GRAPH) social: SocialGraphClient`. */
export const SOCIAL_GRAPH = Symbol('SOCIAL_GRAPH');

/** Profile pictures travel base64 in JSON: 5 MB of image is ~6.7 MB of text. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** One pooled client per configured service; closed when the gateway stops. */
@Injectable()
export class ServiceClients implements OnApplicationShutdown {
  readonly identity: IdentityClient;
  readonly socialGraph: SocialGraphClient;
  private readonly reviewsClient: ReviewsClient | null;

  constructor(@Inject(GATEWAY_OPTIONS) options: ResolvedGatewayOptions) {
    const common = {
      internalToken: options.internalToken,
      timeoutMs: options.rpcTimeoutMs,
      requestId: currentRequestId,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    };
    this.identity = new ServiceClient<IdentityRpc>({
      service: 'identity',
      baseUrl: options.services.identity,
      ...common,
      // As many connections as the door lets password work in at once: a sign-in waits for
      // identity's password queue only, never behind the reads queued for identity.
      ownLane: {
        patterns: PASSWORD_RPCS,
        connections: options.admission.maxCostlyInFlight || DEFAULT_ADMISSION.maxCostlyInFlight,
      },
    });
    this.socialGraph = new ServiceClient<SocialRpc>({
      service: 'social-graph',
      baseUrl: options.services.socialGraph,
      ...common,
    });
    this.reviewsClient = options.services.reviews
      ? new ServiceClient<ReviewsRpc>({ service: 'reviews', baseUrl: options.services.reviews, ...common })
      : null;
  }

  /** The reviews client; 503 when the gateway was started without the reviews service's URL. */
  get reviews(): ReviewsClient {
    if (!this.reviewsClient)
      throw new DomainError('UPSTREAM_UNAVAILABLE', 'The reviews service is not available right now');
    return this.reviewsClient;
  }

  /** Every client (for the health check and shutdown). */
  all(): UpstreamService[] {
    return [this.identity, this.socialGraph, ...(this.reviewsClient ? [this.reviewsClient] : [])];
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
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: options },
        ServiceClients,
        {
          provide: IDENTITY,
          useFactory: (clients: ServiceClients) => clients.identity,
          inject: [ServiceClients],
        },
        {
          provide: SOCIAL_GRAPH,
          useFactory: (clients: ServiceClients) => clients.socialGraph,
          inject: [ServiceClients],
        },
      ],
      exports: [GATEWAY_OPTIONS, ServiceClients, IDENTITY, SOCIAL_GRAPH],
    };
  }
}
