import { Controller } from '@nestjs/common';
import {
  FeedQuery,
  RankedRestaurantsQuery,
  RestaurantRecommendationsQuery,
  RestaurantSearchQuery,
  TasteMatchRequest,
} from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcAnswerForm, RpcBody, type AnswerForm } from '@dinebuds/service-client';
import { JsonTextRpc, Rpc, type JsonRpcResult, type RpcResult } from '@dinebuds/service-kit';
import { DiscoveryService } from './discovery.service.js';

/** Discovery reads: every one for a signed-in caller (what they see depends on whom they follow). */
@Controller('rpc')
export class DiscoveryRpcController {
  constructor(private readonly discovery: DiscoveryService) {}

  @JsonTextRpc('discovery.ranked')
  ranked(
    @RpcBody(RankedRestaurantsQuery) body: RankedRestaurantsQuery,
    @RequiredCaller() caller: Caller,
    @RpcAnswerForm() form: AnswerForm,
  ): JsonRpcResult<'discovery.ranked'> {
    return this.discovery.ranked(caller, body, form);
  }

  @Rpc('discovery.tasteMatch')
  tasteMatch(
    @RpcBody(TasteMatchRequest) body: TasteMatchRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'discovery.tasteMatch'> {
    return this.discovery.tasteMatch(caller, body.userId);
  }

  @Rpc('discovery.search')
  search(
    @RpcBody(RestaurantSearchQuery) body: RestaurantSearchQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'discovery.search'> {
    return this.discovery.search(caller, body);
  }

  @Rpc('discovery.recommendations')
  recommendations(
    @RpcBody(RestaurantRecommendationsQuery) body: RestaurantRecommendationsQuery,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'discovery.recommendations'> {
    return this.discovery.recommendations(caller, body);
  }

  @Rpc('discovery.hotspots')
  hotspots(@RequiredCaller() caller: Caller): RpcResult<'discovery.hotspots'> {
    return this.discovery.hotspots(caller);
  }

  @Rpc('discovery.stories')
  stories(@RequiredCaller() caller: Caller): RpcResult<'discovery.stories'> {
    return this.discovery.stories(caller);
  }

  @JsonTextRpc('discovery.feed')
  feed(
    @RpcBody(FeedQuery) body: FeedQuery,
    @RequiredCaller() caller: Caller,
    @RpcAnswerForm() form: AnswerForm,
  ): JsonRpcResult<'discovery.feed'> {
    return this.discovery.feed(caller, body, form);
  }
}
