import { Controller } from '@nestjs/common';
import { DeleteAccountDto, IdRequest } from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';
import { AccountService } from './account.service.js';

@Controller('rpc')
export class AccountRpcController {
  constructor(private readonly account: AccountService) {}

  @Rpc('users.deleteSelf')
  deleteSelf(
    @RpcBody(DeleteAccountDto) body: DeleteAccountDto,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'users.deleteSelf'> {
    return this.account.deleteSelf(caller, body.password);
  }

  @Rpc('users.delete')
  delete(@RpcBody(IdRequest) body: IdRequest, @RequiredCaller() caller: Caller): RpcResult<'users.delete'> {
    return this.account.deleteByAdmin(caller, body.id);
  }

  @Rpc('users.export')
  export(@RequiredCaller() caller: Caller): RpcResult<'users.export'> {
    return this.account.export(caller);
  }
}
