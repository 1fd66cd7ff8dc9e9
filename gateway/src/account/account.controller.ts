import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  AccountExportSchema,
  DeleteAccountDto,
  ImportSavedDto,
  ImportSavedResponseSchema,
  MessageResponseSchema,
} from '@dinebuds/api-dto';
import type { AccountExport, ImportSavedResponse, MessageResponse } from '@dinebuds/contracts';
import type { FastifyReply } from 'fastify';
import { Inject } from '@nestjs/common';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { SessionCache } from '../auth/session-cache.js';
import { clearSessionCookie, type CookieReply } from '../auth/session-cookie.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { GATEWAY_OPTIONS, type ResolvedGatewayOptions } from '../gateway-options.js';
import { AuthRateLimit } from '../rate-limit/rate-limit.decorators.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assembleExport, attachment, reviewsCsv, savedCsv } from './account-export.js';
import { assertAdmin } from '@dinebuds/errors';

const CSV = 'text/csv; charset=utf-8';
const csvResponse = (description: string) =>
  ApiOkResponse({ description, content: { 'text/csv': { schema: { type: 'string' } } } });

/**
 * A diner's own data (docs/api-account.md): delete my account, the admin's delete of a person,
 * export my data (JSON and CSV) and the saved-places import.
 */
@ApiTags('account')
@ApiCookieAuth()
@Controller()
@RequireAuth()
export class AccountController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly sessionCache: SessionCache,
    @Inject(GATEWAY_OPTIONS) private readonly options: ResolvedGatewayOptions,
  ) {}

  // Under the sign-in limit: it checks the password, like the password change.
  @Delete('user')
  @AuthRateLimit()
  @ApiOperation({
    summary: 'Delete my account (password confirmation); signs out and clears the cookie',
    description:
      'Everything every service holds about the person goes (identity.user.deleted); afterwards the API ' +
      'answers 404 for them everywhere. 403 when the password is wrong.',
  })
  @ApiBody({ type: DeleteAccountDto })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 403, 404, 429)
  async deleteMine(
    @Body() body: DeleteAccountDto,
    @SignedInOrigin() origin: SignedInOrigin,
    @Res({ passthrough: true }) res: CookieReply,
  ): Promise<MessageResponse> {
    const result = await this.clients
      .for('identity')
      .call('users.deleteSelf', { password: body.password }, origin);
    clearSessionCookie(res, this.options.cookieSecure);
    // This gateway forgets at once; the others on identity's notice (access-changed).
    this.sessionCache.forgetUser(origin.caller.userId);
    return result;
  }

  @Delete('users/:id')
  @ApiOperation({
    summary: 'Delete a person (admins; never oneself)',
    description: '400 "You cannot delete your own account!" for oneself; recorded in the audit log.',
  })
  @ApiOkResponse({ type: MessageResponseSchema })
  @ApiErrors(400, 401, 403, 404)
  async deleteUser(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<MessageResponse> {
    assertAdmin(origin.caller);
    const result = await this.clients.for('identity').call('users.delete', { id }, origin);
    this.sessionCache.forgetUser(id);
    return result;
  }

  @Get('user/export')
  @ApiOperation({
    summary: 'Export my data: one JSON download of everything every service holds about me',
  })
  @ApiOkResponse({ type: AccountExportSchema, description: 'Content-Disposition: attachment' })
  @ApiErrors(401)
  async exportAll(
    @SignedInOrigin() origin: SignedInOrigin,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AccountExport> {
    const data = await assembleExport(this.clients, origin);
    void res.header('content-disposition', attachment('export', 'json'));
    void res.header('cache-control', 'no-store');
    return data;
  }

  @Get('user/export/reviews.csv')
  @ApiOperation({ summary: 'My reviews as CSV (download)' })
  @ApiProduces('text/csv')
  @csvResponse(
    'reviewId, restaurantId, name, address, city, latitude, longitude, rating, notes, visitDate, createdAt',
  )
  @ApiErrors(401)
  async exportReviews(
    @SignedInOrigin() origin: SignedInOrigin,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    const data = await this.clients.for('reviews').call('reviews.export', {}, origin);
    this.csvHeaders(res, 'reviews');
    return reviewsCsv(data);
  }

  @Get('user/export/saved.csv')
  @ApiOperation({
    summary: 'My saved places as CSV (download); POST /api/saved-restaurants/import reads it back',
  })
  @ApiProduces('text/csv')
  @csvResponse('restaurantId, name, address, city, latitude, longitude, notes, savedAt')
  @ApiErrors(401)
  async exportSaved(
    @SignedInOrigin() origin: SignedInOrigin,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<string> {
    const data = await this.clients.for('reviews').call('reviews.export', {}, origin);
    this.csvHeaders(res, 'saved');
    return savedCsv(data);
  }

  @Post('saved-restaurants/import')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Import saved places from the saved.csv export or a "Name, Address" list',
    description:
      'Each row is matched to the restaurant with the same name and address, or creates it the way saving ' +
      'a new place does; the answer reports each row (imported, already-saved or skipped with its reason). ' +
      '413 past SAVED_IMPORT_MAX_ROWS places (default 500).',
  })
  @ApiBody({ type: ImportSavedDto })
  @ApiOkResponse({ type: ImportSavedResponseSchema })
  @ApiErrors(400, 401, 413)
  importSaved(
    @Body() body: ImportSavedDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<ImportSavedResponse> {
    return this.clients.for('reviews').call('saved.import', { text: body.text }, origin);
  }

  private csvHeaders(res: FastifyReply, what: string): void {
    void res.header('content-type', CSV);
    void res.header('content-disposition', attachment(what, 'csv'));
    void res.header('cache-control', 'no-store');
  }
}
