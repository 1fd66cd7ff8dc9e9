import { Controller } from '@nestjs/common';
import { RestaurantIdRequest, RestaurantPhotoRequest, RestaurantsListQuery } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { OptionalCaller, RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { SavedService } from '../saved/saved.service.js';
import { RestaurantsService } from './restaurants.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class RestaurantsRpcController {
  constructor(
    private readonly restaurants: RestaurantsService,
    private readonly saved: SavedService,
  ) {}

  @Rpc('restaurants.list')
  list(
    @RpcBody(RestaurantsListQuery) body: RestaurantsListQuery,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'restaurants.list'> {
    return this.restaurants.list(viewer, body);
  }

  @Rpc('restaurants.detail')
  detail(
    @RpcBody(RestaurantIdRequest) body: RestaurantIdRequest,
    @OptionalCaller() viewer: Caller | null,
  ): RpcResult<'restaurants.detail'> {
    return this.restaurants.detail(viewer, body.restaurantId);
  }

  @Rpc('restaurants.photo')
  photo(@RpcBody(RestaurantIdRequest) body: RestaurantIdRequest): RpcResult<'restaurants.photo'> {
    return this.restaurants.photo(body.restaurantId);
  }

  @Rpc('restaurants.setPhoto')
  setPhoto(
    @RpcBody(RestaurantPhotoRequest) body: RestaurantPhotoRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'restaurants.setPhoto'> {
    return this.restaurants.setPhoto(caller, body.restaurantId, body.dataBase64);
  }

  @Rpc('restaurants.toggleSave')
  toggleSave(
    @RpcBody(RestaurantIdRequest) body: RestaurantIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'restaurants.toggleSave'> {
    return this.saved.toggle(caller, body.restaurantId);
  }

  @Rpc('restaurants.isSaved')
  isSaved(
    @RpcBody(RestaurantIdRequest) body: RestaurantIdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'restaurants.isSaved'> {
    return this.saved.isSaved(caller, body.restaurantId);
  }
}
