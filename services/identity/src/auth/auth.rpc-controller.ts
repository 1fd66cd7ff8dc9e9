import { Body, Controller } from '@nestjs/common';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller } from '@dinebuds/service-client';
import { asBody, requiredString } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '../common/rpc.js';
import { parseLogin, parsePasswordChange, parseRegistration } from './auth.policy.js';
import { AuthService } from './auth.service.js';

@Controller('rpc')
export class AuthRpcController {
  constructor(private readonly auth: AuthService) {}

  @Rpc('auth.register')
  register(@Body() body: unknown): RpcResult<'auth.register'> {
    return this.auth.register(parseRegistration(body));
  }

  @Rpc('auth.login')
  login(@Body() body: unknown): RpcResult<'auth.login'> {
    const input = parseLogin(body);
    return this.auth.login(input.username, input.password, input.client);
  }

  @Rpc('auth.logout')
  logout(@Body() body: unknown): RpcResult<'auth.logout'> {
    return this.auth.logout(requiredString(asBody(body), 'sessionToken'));
  }

  @Rpc('users.changePassword')
  changePassword(@Body() body: unknown, @RequiredCaller() caller: Caller): RpcResult<'users.changePassword'> {
    const input = parsePasswordChange(body);
    return this.auth.changePassword(caller, input.currentPassword, input.newPassword);
  }
}
