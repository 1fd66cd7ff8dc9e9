import type { AdmissionLimits } from '@dinebuds/service-client';
import type { InjectionToken, INestApplication, Provider, Type } from '@nestjs/common';
import type { EventBus } from '@dinebuds/events';
import type { RpcServiceName } from '@dinebuds/contracts';
import type { MixedList, EntitySchema } from 'typeorm';

/** The options every service's start function takes; a service adds its own (`Extra`). */
export interface ServiceStartOptions {
  port: number;
  host?: string;
  databaseUrl: string;
  /** Owned by the caller (closed by it, after close()). */
  bus: EventBus;
  internalToken: string;
  logLevel?: string;
  /**
   * Durable queue of the service's event consumers. Default `<name>.events`; replicas share it.
   * Tests on a shared broker pass a unique name.
   */
  eventsQueue?: string;
  /** Outbox relay poll interval (ms). Default 200 (commits nudge it anyway). */
  relayIntervalMs?: number;
  /** Database connections of this process. Default the definition's poolSize, else 10. */
  poolSize?: number;
  /** Load shedding limits; default: from the ADMISSION_* variables. */
  admission?: AdmissionLimits;
}

export interface RunningService {
  app: INestApplication;
  /** Base URL for ServiceClient, e.g. http://127.0.0.1:4101. */
  url: string;
  close(): Promise<void>;
}

/** A raw environment (process.env, or the all-in-one runner's configuration as text). */
export type ServiceEnv = Readonly<Record<string, string | undefined>>;

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type ClassList = MixedList<Function | string | EntitySchema>;

/**
 * One service, declared once: the kit makes its root module, start function, main, health and
 * readiness from it. `Extra` is the service's own start options, `Settings` what its providers
 * read (derived from the options and validated before anything starts).
 */
export interface ServiceDefinition<Extra extends object = object, Settings = never> {
  /**
   * Catalogue name, e.g. 'identity': logs, the events producer, the data source name, and the key
   * of its RPC contract in `RPC_PATTERNS` (its controllers must route each pattern exactly once).
   */
  name: RpcServiceName;
  /** The Postgres schema the service owns (its tables, outbox, inbox and migrations table). */
  schema: string;
  /** PORT when the environment sets none (the catalogue's port; checked against it). */
  defaultPort: number;
  entities: ClassList;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** The RPC controllers, routing exactly the service's `RPC_PATTERNS` (the kit adds health). */
  controllers: Type<unknown>[];
  providers: Provider[];
  /** Database connections per process. Default 10. */
  poolSize?: number;
  /** Largest RPC body. Default createServiceApp's (10mb: pictures arrive base64 in JSON). */
  bodyLimit?: string;
  /** Validated settings, provided under `token` to the service's providers. */
  settings?: { token: InjectionToken; from(options: ServiceStartOptions & Extra): Settings };
  /** The service's own options from its environment (standalone main and the all-in-one runner). */
  fromEnv?(env: ServiceEnv): Partial<Extra>;
  /** Runs after the app is initialised (migrations done, consumers subscribed) and before it listens. */
  onReady?(app: INestApplication, options: ServiceStartOptions & Extra): Promise<void>;
}
