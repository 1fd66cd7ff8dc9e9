import { Controller } from '@nestjs/common';
import {
  ChangePasswordDto,
  LoginRpcRequest,
  RegisterRpcRequest,
  SessionTokenRequest,
} from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { clientInfoOf, registrationOf } from './auth.policy.js';
import { AuthService } from './auth.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class AuthRpcController {
  constructor(private readonly auth: AuthService) {}

  @Rpc('auth.register')
  register(@RpcBody(RegisterRpcRequest) body: RegisterRpcRequest): RpcResult<'auth.register'> {
    return this.auth.register(registrationOf(body));
  }

  /** Any well-formed text may try: a username or password that cannot exist is a failed login. */
  @Rpc('auth.login')
  login(@RpcBody(LoginRpcRequest) body: LoginRpcRequest): RpcResult<'auth.login'> {
    return this.auth.login(body.username, body.password, clientInfoOf(body));
  }

  @Rpc('auth.logout')
  logout(@RpcBody(SessionTokenRequest) body: SessionTokenRequest): RpcResult<'auth.logout'> {
    return this.auth.logout(body.sessionToken);
  }

  @Rpc('users.changePassword')
  changePassword(
    @RpcBody(ChangePasswordDto) body: ChangePasswordDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'users.changePassword'> {
    return this.auth.changePassword(caller, body.currentPassword, body.newPassword);
  }
}
