import { Controller } from '@nestjs/common';
import { RestaurantIdRequest, SavedListQuery, SaveRestaurantDto } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { SavedService } from './saved.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

/** Saved lists need a signed-in caller (the spec's client reads a 401 as an empty list). */
@Controller('rpc')
export class SavedRpcController {
  constructor(private readonly saved: SavedService) {}

  @Rpc('saved.list')
  list(
    @RpcBody(SavedListQuery) body: SavedListQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'saved.list'> {
    return this.saved.list(caller, body.userId ?? caller.userId, body);
  }

  @Rpc('saved.save')
  save(
    @RpcBody(SaveRestaurantDto) body: SaveRestaurantDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'saved.save'> {
    return this.saved.save(caller, body);
  }

  @Rpc('saved.remove')
  remove(
    @RpcBody(RestaurantIdRequest) body: RestaurantIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'saved.remove'> {
    return this.saved.remove(caller, body.restaurantId);
  }
}
