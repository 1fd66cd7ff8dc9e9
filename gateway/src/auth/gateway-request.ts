import type { Request } from 'express';
import type { Caller } from '@dinebuds/contracts';

/** An Express request after the session guard has run. */
export interface GatewayRequest extends Request {
  /** The signed-in caller, null when anonymous, undefined on routes that do not consult the session. */
  caller?: Caller | null;
}
