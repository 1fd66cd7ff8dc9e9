import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { EnvResponse } from '@dinebuds/contracts';
import {
  DEFAULT_RESERVATION_URL_TEMPLATE,
  GATEWAY_OPTIONS,
  type ResolvedGatewayOptions,
} from '../gateway-options.js';

export const MAP_ATTRIBUTION = '© OpenStreetMap contributors';
export const PRODUCT_NAME = 'DineBuds';

export class EnvSchema implements EnvResponse {
  @ApiProperty({ description: 'Always empty: the maps are keyless OpenStreetMap tiles', example: '' })
  mapsApiKey: string;
  @ApiProperty({ example: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }) mapTileUrl: string;
  @ApiProperty({ example: MAP_ATTRIBUTION }) mapAttribution: string;
  @ApiProperty({
    description:
      'Online reservation site URL; {date} (YYYY-MM-DD), {time} (HH:mm), {partySize} and {name} are filled in',
    example: DEFAULT_RESERVATION_URL_TEMPLATE,
  })
  reservationUrlTemplate: string;
  @ApiProperty({ example: PRODUCT_NAME }) productName: string;
}

export function envResponse(
  options: Pick<ResolvedGatewayOptions, 'mapTileUrl' | 'reservationUrlTemplate'>,
): EnvResponse {
  return {
    mapsApiKey: '',
    mapTileUrl: options.mapTileUrl,
    mapAttribution: MAP_ATTRIBUTION,
    reservationUrlTemplate: options.reservationUrlTemplate,
    productName: PRODUCT_NAME,
  };
}

/** Public configuration for the browser; needs no service. */
@ApiTags('gateway')
@Controller('env')
export class EnvController {
  private readonly env: EnvResponse;

  constructor(@Inject(GATEWAY_OPTIONS) options: ResolvedGatewayOptions) {
    this.env = envResponse(options);
  }

  @Get()
  @ApiOperation({
    summary: 'Public configuration for the browser (map tiles, reservation site, product name)',
  })
  @ApiOkResponse({ type: EnvSchema })
  get(): EnvResponse {
    return this.env;
  }
}
