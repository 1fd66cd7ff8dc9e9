import { Controller } from '@nestjs/common';
import { RenameBadgeRpcRequest, SetTierThresholdRpcRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { AdminBadgesService } from './admin-badges.service.js';

@Controller('rpc')
export class AdminBadgesRpcController {
  constructor(private readonly adminBadges: AdminBadgesService) {}

  @Rpc('badges.adminCatalogue')
  catalogue(@RequiredCaller() caller: Caller): RpcResult<'badges.adminCatalogue'> {
    return this.adminBadges.catalogue(caller);
  }

  @Rpc('badges.rename')
  rename(
    @RpcBody(RenameBadgeRpcRequest) body: RenameBadgeRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'badges.rename'> {
    return this.adminBadges.rename(caller, body);
  }

  @Rpc('badges.setTierThreshold')
  setTierThreshold(
    @RpcBody(SetTierThresholdRpcRequest) body: SetTierThresholdRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'badges.setTierThreshold'> {
    return this.adminBadges.setTierThreshold(caller, body);
  }
}
