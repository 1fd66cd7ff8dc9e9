import { Injectable } from '@nestjs/common';
import { ServiceEvents } from '@dinebuds/service-kit';

/** Identity's events, through the kit's transactional outbox wrapper. */
@Injectable()
export class IdentityEvents extends ServiceEvents {}
