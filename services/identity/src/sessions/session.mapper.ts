import type { SessionDto } from '@dinebuds/contracts';
import type { SessionEntity } from './session.entity.js';

/** `current` marks the session making the call. */
export function toSessionDto(session: SessionEntity, currentSessionId: string | null): SessionDto {
  return {
    id: session.id,
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  };
}
