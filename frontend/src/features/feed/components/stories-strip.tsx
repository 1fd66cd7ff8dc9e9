import { Link } from 'react-router-dom';
import type { FeedItemDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Buds with activity in the last 24 hours, newest first, each once (from the feed's first page). */
export function activeBuds(items: FeedItemDto[], now = Date.now()): FeedItemDto['user'][] {
  const seen = new Map<number, FeedItemDto['user']>();
  for (const item of items) {
    if (now - new Date(item.createdAt).getTime() > DAY_MS) continue;
    if (!seen.has(item.user.id)) seen.set(item.user.id, item.user);
  }
  return [...seen.values()];
}

/**
 * Spec 2 §Home Feed: the stories strip, the buds who reviewed, saved or checked in during the last
 * 24 hours; each opens their profile. Hidden when nobody was active.
 */
export function StoriesStrip({ items }: { items: FeedItemDto[] }) {
  const buds = activeBuds(items);
  if (buds.length === 0) return null;
  return (
    <section className="stories" aria-labelledby="stories-title">
      <h2 className="sr-only" id="stories-title">
        Buds active in the last 24 hours
      </h2>
      <ul className="stories__list">
        {buds.map((bud) => {
          const name = bud.name || bud.username;
          return (
            <li key={bud.id}>
              <Link to={`/profile/${bud.username}`} className="stories__item">
                <span className="stories__ring">
                  <UserAvatar src={bud.profilePicture} name={bud.name} username={bud.username} size="lg" />
                </span>
                <span className="stories__name">{name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
