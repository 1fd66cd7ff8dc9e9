import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AdminUserListQueryDto,
  AdminUserListSchema,
  AdminUserSchema,
  UserStatusChangeDto,
} from '@dinebuds/api-dto';
import type { AdminUserDto, AdminUserListDto } from '@dinebuds/contracts';
import { RequireAuth, SignedInOrigin } from '../auth/auth.decorators.js';
import { SessionCache } from '../auth/session-cache.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { PositiveIntPipe } from '../common/positive-int.pipe.js';
import { ServiceClients } from '../upstream/service-clients.js';
import { assertAdmin } from '@dinebuds/errors';

/**
 * The admin panel's Users tab (docs/api-identity.md, "Admin: users"): the people, and switching
 * an account off and on. Admins only: 401 anonymous, 403 for anyone else (identity checks again).
 * Deleting a person is DELETE /api/users/{id}.
 */
@ApiTags('admin')
@ApiCookieAuth()
@Controller('admin/users')
@RequireAuth()
export class AdminUsersController {
  constructor(
    private readonly clients: ServiceClients,
    private readonly sessionCache: SessionCache,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'People, a page at a time, with how many match (admins)',
    description:
      'q: name or username contains (any case); reviews: all, 0-10, 11-30, 31-50 or 50+; status: all, active or inactive. Level and most-visited city come from the real reviews.',
  })
  @ApiOkResponse({ type: AdminUserListSchema })
  @ApiErrors(400, 401, 403)
  list(
    @Query() query: AdminUserListQueryDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AdminUserListDto> {
    assertAdmin(origin.caller);
    return this.clients.for('identity').call('adminUsers.list', { ...query }, origin);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One person as the Users table shows them (admins)' })
  @ApiOkResponse({ type: AdminUserSchema })
  @ApiErrors(400, 401, 403, 404)
  get(
    @Param('id', PositiveIntPipe) id: number,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AdminUserDto> {
    assertAdmin(origin.caller);
    return this.clients.for('identity').call('adminUsers.get', { id }, origin);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Deactivate an account (admins; never your own)',
    description:
      'The person cannot sign in and every session of theirs ends at once. Publishes identity.user.deactivated and the audit entry with the optional reason. Already deactivated: answered unchanged.',
  })
  @ApiOkResponse({ type: AdminUserSchema })
  @ApiErrors(400, 401, 403, 404)
  async deactivate(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: UserStatusChangeDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AdminUserDto> {
    assertAdmin(origin.caller);
    const user = await this.clients
      .for('identity')
      .call('adminUsers.deactivate', { id, reason: body?.reason }, origin);
    // This gateway forgets the person's sessions at once, the others on identity's notice.
    this.sessionCache.forgetUser(id);
    return user;
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reactivate an account (admins)',
    description:
      'The person can sign in again. Publishes identity.user.reactivated and the audit entry. Already active: answered unchanged.',
  })
  @ApiOkResponse({ type: AdminUserSchema })
  @ApiErrors(400, 401, 403, 404)
  reactivate(
    @Param('id', PositiveIntPipe) id: number,
    @Body() body: UserStatusChangeDto,
    @SignedInOrigin() origin: SignedInOrigin,
  ): Promise<AdminUserDto> {
    assertAdmin(origin.caller);
    return this.clients.for('identity').call('adminUsers.reactivate', { id, reason: body?.reason }, origin);
  }
}
