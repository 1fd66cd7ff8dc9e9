import { Controller } from '@nestjs/common';
import { SetCityBadgesDto, SetFlavorBadgesDto, UserRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { requestedCityChoices, settingsFlavorChoices } from './badge.policy.js';
import { BadgesService } from './badges.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class BadgesRpcController {
  constructor(private readonly badges: BadgesService) {}

  @Rpc('badges.listFlavor')
  listFlavor(@RpcBody(UserRequest) body: UserRequest): RpcResult<'badges.listFlavor'> {
    return this.badges.listFlavor(body.userId);
  }

  @Rpc('badges.listCity')
  listCity(@RpcBody(UserRequest) body: UserRequest): RpcResult<'badges.listCity'> {
    return this.badges.listCity(body.userId);
  }

  /** The client's category is ignored: the catalogue decides it. */
  @Rpc('badges.setFlavor')
  setFlavor(
    @RpcBody(SetFlavorBadgesDto) body: SetFlavorBadgesDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'badges.setFlavor'> {
    const choices = settingsFlavorChoices(body.badges.map((badge) => badge.badgeId));
    return this.badges.setFlavor(caller, body.userId, choices);
  }

  @Rpc('badges.setCity')
  setCity(
    @RpcBody(SetCityBadgesDto) body: SetCityBadgesDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'badges.setCity'> {
    return this.badges.setCity(caller, body.userId, requestedCityChoices(body));
  }
}
