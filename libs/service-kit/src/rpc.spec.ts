import { describe, expect, it } from '@jest/globals';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { rpcRoutesOf, rpcSurfaceProblems } from './rpc.js';

// Test patterns are not in any contract, so the routes are declared the way `Rpc` declares them.
const route = (pattern: string) => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  Post(pattern)(target, key, descriptor);
  HttpCode(200)(target, key, descriptor);
};

@Controller('rpc')
class FirstRpcController {
  @route('things.get')
  get(): void {}

  @route('things.list')
  list(): void {}

  /** Not a route: left out. */
  helper(): void {}
}

@Controller('rpc')
class SecondRpcController {
  @route('things.get')
  again(): void {}
}

@Controller('health')
class OtherController {
  @Get('ready')
  ready(): void {}
}

describe('rpcRoutesOf', () => {
  it('lists every handler route under its controller path, once per handler', () => {
    expect(rpcRoutesOf([FirstRpcController, SecondRpcController, OtherController]).sort()).toEqual([
      'health/ready',
      'rpc/things.get',
      'rpc/things.get',
      'rpc/things.list',
    ]);
    expect(rpcRoutesOf([])).toEqual([]);
  });
});

describe('rpcSurfaceProblems', () => {
  it('is empty when every pattern is routed exactly once', () => {
    expect(rpcSurfaceProblems([FirstRpcController], ['things.get', 'things.list'])).toEqual([]);
  });

  it('names a pattern routed twice, one never routed and a route outside the contract', () => {
    expect(
      rpcSurfaceProblems([FirstRpcController, SecondRpcController], ['things.get', 'things.gone']),
    ).toEqual([
      'things.get is routed 2 times',
      'things.gone is routed 0 times',
      "rpc/things.list is not in the service's contract",
    ]);
  });
});
