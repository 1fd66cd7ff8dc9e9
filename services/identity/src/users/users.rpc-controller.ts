import { Controller } from '@nestjs/common';
import {
  GetPictureRequest,
  IdRequest,
  PagingQuery,
  SearchUsersRequest,
  SetPictureRequest,
  UpdateUserRequestBody,
  UsernameRequest,
  pageOf,
} from '@dinebuds/api-dto';
import type { Caller } from '@dinebuds/contracts';
import { RequiredCaller, RpcBody } from '@dinebuds/service-client';
import { UsersService } from './users.service.js';
import { Rpc, type RpcResult } from '@dinebuds/service-kit';

@Controller('rpc')
export class UsersRpcController {
  constructor(private readonly users: UsersService) {}

  @Rpc('users.me')
  me(@RequiredCaller() caller: Caller): RpcResult<'users.me'> {
    return this.users.me(caller);
  }

  @Rpc('users.list')
  list(@RpcBody(PagingQuery) body: PagingQuery): RpcResult<'users.list'> {
    return this.users.list(pageOf(body));
  }

  /** An absent query reads as '' (everyone). */
  @Rpc('users.search')
  search(@RpcBody(SearchUsersRequest) body: SearchUsersRequest): RpcResult<'users.search'> {
    return this.users.search(body.query ?? '', pageOf(body));
  }

  @Rpc('users.get')
  get(@RpcBody(IdRequest) body: IdRequest): RpcResult<'users.get'> {
    return this.users.get(body.id);
  }

  @Rpc('users.getByUsername')
  getByUsername(@RpcBody(UsernameRequest) body: UsernameRequest): RpcResult<'users.getByUsername'> {
    return this.users.getByUsername(body.username);
  }

  @Rpc('users.update')
  update(
    @RpcBody(UpdateUserRequestBody) body: UpdateUserRequestBody,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'users.update'> {
    return this.users.update(caller, body.id, { name: body.name, bio: body.bio, isPrivate: body.isPrivate });
  }

  @Rpc('users.togglePrivacy')
  togglePrivacy(
    @RpcBody(IdRequest) body: IdRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'users.togglePrivacy'> {
    return this.users.togglePrivacy(caller, body.id);
  }

  /** contentType is the client's claim; the stored type is what the bytes turn out to be. */
  @Rpc('users.setPicture')
  setPicture(
    @RpcBody(SetPictureRequest) body: SetPictureRequest,
    @RequiredCaller() caller: Caller,
  ): RpcResult<'users.setPicture'> {
    return this.users.setPicture(caller, body.id, body.dataBase64);
  }

  /** `ifNoneMatch` (optional): the client's If-None-Match, so a match skips reading the bytes. */
  @Rpc('users.getPicture')
  getPicture(@RpcBody(GetPictureRequest) body: GetPictureRequest): RpcResult<'users.getPicture'> {
    return this.users.getPicture(body.id, body.ifNoneMatch);
  }
}
