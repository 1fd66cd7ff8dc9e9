import { Body, Injectable, type PipeTransform, type Type } from '@nestjs/common';
import { validateRequest } from '@dinebuds/api-dto';
import { badRequest } from '@dinebuds/errors';

/** Checks an RPC body against its request class; a failure is the gateway's sentence with a 400. */
@Injectable()
export class RpcBodyPipe<T extends object> implements PipeTransform<unknown, Promise<T>> {
  constructor(private readonly type: Type<T>) {}

  async transform(body: unknown): Promise<T> {
    const checked = await validateRequest(this.type, body);
    if (!checked.ok) throw badRequest(checked.message);
    return checked.value;
  }
}

/**
 * The validated RPC body as an instance of `type` (a class of @dinebuds/api-dto): a service never
 * trusts the gateway's check alone, and a direct caller gets the same answer the gateway gives.
 */
export const RpcBody = <T extends object>(type: Type<T>): ParameterDecorator => Body(new RpcBodyPipe(type));
