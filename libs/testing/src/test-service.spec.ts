import { describe, expect, it } from '@jest/globals';
import { Inject, Injectable } from '@nestjs/common';
import { autoMock, newTestService } from './test-service.js';

class Store {
  find(id: number): Promise<string | null> {
    return Promise.resolve(`real ${id}`);
  }
}
class AuditedStore extends Store {
  audit(): void {}
}
class Clock {
  now(): number {
    return 42;
  }
}
const SETTINGS = Symbol('settings');

@Injectable()
class Greeter {
  constructor(
    private readonly store: AuditedStore,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: { greeting: string },
  ) {}

  async greet(id: number): Promise<string> {
    this.store.audit();
    return `${this.settings.greeting} ${(await this.store.find(id)) ?? 'nobody'} at ${this.clock.now()}`;
  }
}

describe('autoMock', () => {
  it('turns every method up the prototype chain into a jest.fn returning undefined', () => {
    const store = autoMock(AuditedStore);
    expect(Object.keys(store).sort()).toEqual(['audit', 'find']);
    expect(store.find(1)).toBeUndefined();
    expect(store.find).toHaveBeenCalledWith(1);
  });
});

describe('newTestService', () => {
  it('builds the service with auto-mocked collaborators and real ones where given', async () => {
    const { sut, mock } = newTestService(Greeter, [
      [Clock, new Clock()],
      [SETTINGS, { greeting: 'hello' }],
    ]);
    mock(AuditedStore).find.mockResolvedValue('ada');
    await expect(sut.greet(7)).resolves.toBe('hello ada at 42');
    expect(mock(AuditedStore).find).toHaveBeenCalledWith(7);
    expect(mock(AuditedStore).audit).toHaveBeenCalledTimes(1);
  });

  it('refuses to hand out a collaborator the service does not take', () => {
    const { mock } = newTestService(Greeter, [[SETTINGS, { greeting: 'hi' }]]);
    expect(() => mock(Store)).toThrow('Greeter takes no Store');
  });
});
