import type { ModerationPersonDto } from '@dinebuds/contracts';

/** "Ann Lee (@ann)", or "User #12" when moderation does not know the person. */
export function personLabel(person: ModerationPersonDto | null, id: number | null): string {
  if (person) return `${person.name} (@${person.username})`;
  return id === null ? 'Unknown' : `User #${id}`;
}

/** Text cut at `max` characters with an ellipsis (spec 2's table and card truncations). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
