import { Controller } from '@nestjs/common';
import { AdminUserListQueryDto, IdRequest, UserStatusChangeRpcRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { AdminUsersService } from './admin-users.service.js';

/** The admin Users tab's patterns: admins only (AdminUsersService checks). */
@Controller('rpc')
export class AdminUsersRpcController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @Rpc('adminUsers.list')
  list(
    @RpcBody(AdminUserListQueryDto) body: AdminUserListQueryDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'adminUsers.list'> {
    return this.adminUsers.list(caller, body);
  }

  @Rpc('adminUsers.get')
  get(@RpcBody(IdRequest) body: IdRequest, @RequiredCaller() caller: Caller): RpcResult<'adminUsers.get'> {
    return this.adminUsers.get(caller, body.id);
  }

  @Rpc('adminUsers.deactivate')
  deactivate(
    @RpcBody(UserStatusChangeRpcRequest) body: UserStatusChangeRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'adminUsers.deactivate'> {
    return this.adminUsers.deactivate(caller, body.id, body.reason);
  }

  @Rpc('adminUsers.reactivate')
  reactivate(
    @RpcBody(UserStatusChangeRpcRequest) body: UserStatusChangeRpcRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'adminUsers.reactivate'> {
    return this.adminUsers.reactivate(caller, body.id, body.reason);
  }
}
