import { describe, expect, it } from '@jest/globals';
import { Controller, Get } from '@nestjs/common';
import { rpcRoute, rpcRoutesOf } from './rpc.js';

@Controller('rpc')
class FirstRpcController {
  @rpcRoute('things.get')
  get(): void {}

  @rpcRoute('things.list')
  list(): void {}

  /** Not a route: left out. */
  helper(): void {}
}

@Controller('rpc')
class SecondRpcController {
  @rpcRoute('things.get')
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
