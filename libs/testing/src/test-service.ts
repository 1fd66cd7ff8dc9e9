import 'reflect-metadata';
import { jest } from '@jest/globals';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyClass<T = unknown> = abstract new (...args: any[]) => T;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Method = (...args: any[]) => any;

/** A collaborator whose every method is a `jest.fn()` (resolving to undefined unless told otherwise). */
export type AutoMocked<T> = {
  // Arguments stay loose: a generic method's parameters would collapse to its constraint here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [K in keyof T]: T[K] extends Method ? jest.Mock<(...args: any[]) => ReturnType<T[K]>> & T[K] : T[K];
};

/** Constructor parameters Nest injects by token (`@Inject(TOKEN)`), by position. */
const INJECTED_TOKENS = 'self:paramtypes';

/** Every method on a class's prototype chain (below Object) as a jest.fn(). */
export function autoMock<T>(type: AnyClass<T>): AutoMocked<T> {
  const mock: Record<string, unknown> = {};
  for (
    let proto = type.prototype as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name in mock) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof descriptor?.value === 'function') mock[name] = jest.fn();
    }
  }
  return mock as AutoMocked<T>;
}

/** The service under test and its collaborators, each an auto-mock unless a real one was given. */
export interface ServiceUnderTest<S> {
  sut: S;
  /** The collaborator built for a constructor parameter's class (or `@Inject` token). */
  mock<T>(type: AnyClass<T> | string | symbol): AutoMocked<T>;
}

/**
 * Builds `Service` the way Nest would, with every constructor dependency auto-mocked (immich's
 * `newTestService`): a test states only what it cares about, instead of a row of hand-passed
 * `never` arguments that breaks when a constructor gains one. `real` supplies real collaborators
 * (pure rules, throttles) by class or token.
 */
export function newTestService<S>(
  Service: AnyClass<S>,
  real: ReadonlyArray<readonly [AnyClass | string | symbol, unknown]> = [],
): ServiceUnderTest<S> {
  const types = (Reflect.getMetadata('design:paramtypes', Service) ?? []) as (AnyClass | undefined)[];
  const tokens = (Reflect.getMetadata(INJECTED_TOKENS, Service) ?? []) as { index: number; param: unknown }[];
  const given = new Map<unknown, unknown>(real);
  const built = new Map<unknown, unknown>();
  const args = types.map((type, index) => {
    const key = tokens.find((token) => token.index === index)?.param ?? type;
    if (key === undefined || key === Object) {
      throw new Error(`${Service.name}: constructor parameter ${index} has no class or token to mock`);
    }
    const dependency =
      given.get(key) ??
      (typeof key === 'function' ? autoMock(key as AnyClass) : ({} as Record<string, unknown>));
    built.set(key, dependency);
    return dependency;
  });
  const sut = new (Service as unknown as new (...args: unknown[]) => S)(...args);
  return {
    sut,
    mock<T>(type: AnyClass<T> | string | symbol): AutoMocked<T> {
      if (!built.has(type))
        throw new Error(`${Service.name} takes no ${String((type as AnyClass).name ?? type)}`);
      return built.get(type) as AutoMocked<T>;
    },
  };
}
