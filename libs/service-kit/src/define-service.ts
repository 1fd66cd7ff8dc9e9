import type { DynamicModule } from '@nestjs/common';
import { RPC_PATTERNS } from '@dinebuds/contracts';
import { rpcSurfaceProblems } from './rpc.js';
import { runMain } from './run-main.js';
import type { RunningService, ServiceDefinition, ServiceStartOptions } from './service-definition.js';
import { serviceModule } from './service-module.js';
import { startService } from './start-service.js';

/** A defined service: its definition and what the kit makes of it. */
export interface DefinedService<Extra extends object, Settings> {
  definition: ServiceDefinition<Extra, Settings>;
  /** Starts it (standalone main, all-in-one runner, tests); the bus stays the caller's. */
  start(options: ServiceStartOptions & Extra): Promise<RunningService>;
  /** main.ts: environment, RabbitMQ, start, shutdown with the process. */
  runMain(): void;
  /** Its root module (with settings already derived), for tests that build their own app. */
  module(options: ServiceStartOptions & Extra): DynamicModule;
}

export function defineService<Extra extends object = object, Settings = never>(
  definition: ServiceDefinition<Extra, Settings>,
): DefinedService<Extra, Settings> {
  // A contract pattern nobody answers would surface as a 404 at run time: fail where it is defined.
  const problems = rpcSurfaceProblems(definition.controllers, RPC_PATTERNS[definition.name]);
  if (problems.length > 0) {
    throw new Error(`${definition.name}: RPC routes disagree with its contract: ${problems.join('; ')}`);
  }
  return {
    definition,
    start: (options) => startService(definition, options),
    runMain: () => runMain(definition),
    module: (options) => serviceModule(definition, options, definition.settings?.from(options)),
  };
}
