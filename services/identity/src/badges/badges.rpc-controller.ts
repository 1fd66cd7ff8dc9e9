import { Body, Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { asBody, requiredId } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '../common/rpc.js';
import { parseSetCityBadges, parseSetFlavorBadges } from './badge-request.js';
import { BadgesService } from './badges.service.js';

@Controller('rpc')
export class BadgesRpcController {
  constructor(private readonly badges: BadgesService) {}

  @Rpc('badges.listFlavor')
  listFlavor(@Body() body: unknown): RpcResult<'badges.listFlavor'> {
    return this.badges.listFlavor(requiredId(asBody(body), 'userId'));
  }

  @Rpc('badges.listCity')
  listCity(@Body() body: unknown): RpcResult<'badges.listCity'> {
    return this.badges.listCity(requiredId(asBody(body), 'userId'));
  }

  @Rpc('badges.setFlavor')
  setFlavor(@Body() body: unknown, @RequiredCaller() caller: Caller): RpcResult<'badges.setFlavor'> {
    const request = parseSetFlavorBadges(body);
    return this.badges.setFlavor(caller, request.userId, request.choices);
  }

  @Rpc('badges.setCity')
  setCity(@Body() body: unknown, @RequiredCaller() caller: Caller): RpcResult<'badges.setCity'> {
    const request = parseSetCityBadges(body);
    return this.badges.setCity(caller, request.userId, request.cities);
  }
}
