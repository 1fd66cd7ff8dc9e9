import type { ChatPartner } from '../types';

/** "Let's eat" polls: not built yet. */
export function PollLauncher(_props: { partner: ChatPartner }) {
  return null;
}

export function PollCard(_props: { pollId: number; meId: number }) {
  return null;
}
