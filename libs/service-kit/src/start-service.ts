import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import { EVENTS_DATA_SOURCE, OutboxRelay } from '@dinebuds/events';
import { observeService, reportAdmissionRefusals } from '@dinebuds/observability';
import {
  admissionRefusalsOf,
  createServiceApp,
  observeDirectCalls,
  serveSocketRpcs,
} from '@dinebuds/service-client';
import type { RunningService, ServiceDefinition, ServiceStartOptions } from './service-definition.js';
import { serviceModule } from './service-module.js';

/**
 * Starts one service: settings checked, migrations, event consumers (subscribed before the relay
 * starts), outbox relay, the definition's onReady, then HTTP. Called by the standalone main, the
 * all-in-one runner and tests.
 */
export async function startService<Extra extends object, Settings>(
  definition: ServiceDefinition<Extra, Settings>,
  options: ServiceStartOptions & Extra,
): Promise<RunningService> {
  const { name } = definition;
  if (!options.internalToken || options.internalToken.length < 16)
    throw new Error(`${name}: internalToken must have at least 16 characters`);
  // Bad settings fail here, before a connection is opened.
  const settings = definition.settings?.from(options);

  @Module({ imports: [serviceModule(definition, options, settings)] })
  class ServiceAppModule {}

  const app = await createServiceApp(ServiceAppModule, {
    internalToken: options.internalToken,
    ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}),
    ...(options.admission ? { admission: options.admission } : {}),
  });
  // Request metrics and spans, labelled with the service: installed before init registers the routes.
  const observed = observeService({ name, fastify: app.getHttpAdapter().getInstance() });
  if (observed.calls) observeDirectCalls(app, observed.calls);
  let unwatch = () => {};
  try {
    await app.init();
    // RPCs over the socket run on their handlers as in-process calls do (direct-calls.ts).
    serveSocketRpcs(app);
    const unwatchSources = observed.watch({
      dataSource: app.get(EVENTS_DATA_SOURCE),
      outboxStats: () => app.get(OutboxRelay).stats(),
      bus: options.bus,
    });
    const unreport = reportAdmissionRefusals(name, () => admissionRefusalsOf(app));
    unwatch = () => {
      unwatchSources();
      unreport();
    };
    await definition.onReady?.(app, options);
    const host = options.host ?? '0.0.0.0';
    await app.listen(options.port, host);
    const address = app.getHttpServer().address() as AddressInfo;
    const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
    let closed: Promise<void> | undefined;
    return {
      app,
      url: `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${address.port}`,
      close: () => {
        unwatch();
        return (closed ??= app.close());
      },
    };
  } catch (error) {
    unwatch();
    await app.close().catch(() => undefined);
    throw error;
  }
}
