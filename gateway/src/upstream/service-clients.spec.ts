import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@dinebuds/errors';
import { resolveGatewayOptions } from '../gateway-options.js';
import { ServiceClients } from './service-clients.js';
import { GATEWAY_SERVICES } from './services.generated.js';

const TOKEN = 'x'.repeat(16);

function clientsFor(services: Record<string, string>): ServiceClients {
  return new ServiceClients(resolveGatewayOptions({ port: 0, services, internalToken: TOKEN }));
}

describe('ServiceClients', () => {
  it('builds one client per catalogue service it has a URL for, named as the catalogue names it', async () => {
    const clients = clientsFor(
      Object.fromEntries(GATEWAY_SERVICES.map((s) => [s.gatewayKey, 'http://127.0.0.1:1'])),
    );
    expect(clients.all().map((c) => c.service)).toEqual(GATEWAY_SERVICES.map((s) => s.name));
    expect(clients.for('social-graph').service).toBe('social-graph');
    await clients.onApplicationShutdown();
  });

  it('answers 503 for a service the gateway was started without', async () => {
    const clients = clientsFor({ identity: 'http://127.0.0.1:1' });
    expect(clients.for('identity').service).toBe('identity');
    expect(clients.all()).toHaveLength(1);
    expect(() => clients.for('reviews')).toThrow(DomainError);
    expect(() => clients.for('reviews')).toThrow('The reviews service is not available right now');
    await clients.onApplicationShutdown();
  });
});
