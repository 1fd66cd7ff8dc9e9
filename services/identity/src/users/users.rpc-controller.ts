import { Body, Controller } from '@nestjs/common';
import { LIMITS, type Caller } from '@dinebuds/contracts';
import { badRequest } from '@dinebuds/errors';
import { RequiredCaller } from '@dinebuds/service-client';
import {
  DEFAULT_PAGE_LIMIT,
  asBody,
  optionalBoolean,
  optionalNullableString,
  optionalString,
  readPage,
  requiredId,
  requiredString,
} from '@dinebuds/service-client';
import { Rpc, type RpcResult } from '../common/rpc.js';
import { UsersService } from './users.service.js';

@Controller('rpc')
export class UsersRpcController {
  constructor(private readonly users: UsersService) {}

  @Rpc('users.me')
  me(@RequiredCaller() caller: Caller): RpcResult<'users.me'> {
    return this.users.me(caller);
  }

  @Rpc('users.list')
  list(@Body() body: unknown): RpcResult<'users.list'> {
    return this.users.list(readPage(asBody(body ?? {}), DEFAULT_PAGE_LIMIT, LIMITS.listPageMax));
  }

  @Rpc('users.search')
  search(@Body() raw: unknown): RpcResult<'users.search'> {
    const body = asBody(raw);
    const query = optionalString(body, 'query') ?? '';
    if (query.length > LIMITS.searchQueryMax)
      throw badRequest(`Search text must be at most ${LIMITS.searchQueryMax} characters`);
    return this.users.search(query, readPage(body, DEFAULT_PAGE_LIMIT, LIMITS.listPageMax));
  }

  @Rpc('users.get')
  get(@Body() body: unknown): RpcResult<'users.get'> {
    return this.users.get(requiredId(asBody(body), 'id'));
  }

  @Rpc('users.getByUsername')
  getByUsername(@Body() body: unknown): RpcResult<'users.getByUsername'> {
    return this.users.getByUsername(requiredString(asBody(body), 'username'));
  }

  @Rpc('users.update')
  update(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'users.update'> {
    const body = asBody(raw);
    const id = requiredId(body, 'id');
    const name = optionalNullableString(body, 'name');
    if (name === null) throw badRequest('name must be a string');
    return this.users.update(caller, id, {
      name,
      bio: optionalNullableString(body, 'bio'),
      isPrivate: optionalBoolean(body, 'isPrivate'),
    });
  }

  @Rpc('users.togglePrivacy')
  togglePrivacy(@Body() body: unknown, @RequiredCaller() caller: Caller): RpcResult<'users.togglePrivacy'> {
    return this.users.togglePrivacy(caller, requiredId(asBody(body), 'id'));
  }

  /** contentType is the client's claim; the stored type is what the bytes turn out to be. */
  @Rpc('users.setPicture')
  setPicture(@Body() raw: unknown, @RequiredCaller() caller: Caller): RpcResult<'users.setPicture'> {
    const body = asBody(raw);
    const id = requiredId(body, 'id');
    optionalString(body, 'contentType');
    return this.users.setPicture(caller, id, requiredString(body, 'dataBase64'));
  }

  /** `ifNoneMatch` (optional): the client's If-None-Match, so a match skips reading the bytes. */
  @Rpc('users.getPicture')
  getPicture(@Body() raw: unknown): RpcResult<'users.getPicture'> {
    const body = asBody(raw);
    return this.users.getPicture(requiredId(body, 'id'), optionalString(body, 'ifNoneMatch'));
  }
}
