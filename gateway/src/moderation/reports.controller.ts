import { Body, Controller, Post } from '@nestjs/common';
import { ApiCookieAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ContentReportSchema, CreateReportDto } from '@dinebuds/api-dto';
import type { ContentReportDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { ServiceClients } from '../upstream/service-clients.js';

/** Reporting a review or a person (docs/api-moderation.md), for any signed-in person. */
@ApiTags('moderation')
@ApiCookieAuth()
@Controller('reports')
@RequireAuth()
export class ReportsController {
  constructor(private readonly clients: ServiceClients) {}

  @Post()
  @ApiOperation({
    summary: 'Report a review or a person (reason required; once each)',
    description:
      "404 for a review or person moderation does not know; 400 for one's own review or oneself; 409 when already reported.",
  })
  @ApiCreatedResponse({ type: ContentReportSchema })
  @ApiErrors(400, 401, 404, 409)
  create(@Body() body: CreateReportDto, @SignedInOrigin() origin: SignedInOrigin): Promise<ContentReportDto> {
    return this.clients.for('moderation').call('reports.create', body, origin);
  }
}
