import { Controller } from '@nestjs/common';
import { MergeRestaurantsDto, UpdateRestaurantDetailsDto } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { RestaurantsAdminService } from './restaurants-admin.service.js';

/** Admins' restaurant routes (the service checks isAdmin again). */
@Controller('rpc')
export class RestaurantsAdminRpcController {
  constructor(private readonly admin: RestaurantsAdminService) {}

  @Rpc('restaurants.updateDetails')
  updateDetails(
    @RpcBody(UpdateRestaurantDetailsDto) body: UpdateRestaurantDetailsDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'restaurants.updateDetails'> {
    return this.admin.updateDetails(caller, body);
  }

  @Rpc('restaurants.merge')
  merge(
    @RpcBody(MergeRestaurantsDto) body: MergeRestaurantsDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'restaurants.merge'> {
    return this.admin.merge(caller, body.restaurantId, body.keepId);
  }
}
