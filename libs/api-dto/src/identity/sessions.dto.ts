import { IsDefined, IsString } from 'class-validator';
import type { IdentityRpc } from '@dinebuds/contracts';

type RpcRequest<P extends keyof IdentityRpc> = IdentityRpc[P]['request'];

/** identity's `auth.logout` and `sessions.resolve`: the cookie's secret, any text (unknown is no session). */
export class SessionTokenRequest implements RpcRequest<'sessions.resolve'> {
  @IsDefined({ message: 'sessionToken is required' })
  @IsString({ message: 'sessionToken must be a string' })
  sessionToken: string;
}

/** identity's `sessions.revoke`: the public id of one of the caller's sessions. */
export class SessionIdRequest implements RpcRequest<'sessions.revoke'> {
  @IsDefined({ message: 'sessionId is required' })
  @IsString({ message: 'sessionId must be a string' })
  sessionId: string;
}
