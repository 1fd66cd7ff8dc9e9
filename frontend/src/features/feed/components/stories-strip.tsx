import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/ui/avatar';
import { useStories } from '../api/get-stories';

/**
 * Spec 2 §Home Feed: the stories strip, my buds who reviewed or checked in during the last 24
 * hours, latest first (GET /api/activity/stories); each opens their profile. Hidden when nobody
 * was active, or when it cannot load (the feed below says what failed).
 */
export function StoriesStrip() {
  const stories = useStories();
  if (!stories.data || stories.data.length === 0) return null;
  return (
    <section className="stories" aria-labelledby="stories-title">
      <h2 className="sr-only" id="stories-title">
        Buds active in the last 24 hours
      </h2>
      <ul className="stories__list">
        {stories.data.map(({ user, reviews, checkIns }) => {
          const name = user.name || user.username;
          const what = [
            reviews > 0 ? `${reviews} ${reviews === 1 ? 'review' : 'reviews'}` : null,
            checkIns > 0 ? `${checkIns} ${checkIns === 1 ? 'check-in' : 'check-ins'}` : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li key={user.id}>
              <Link to={`/profile/${user.username}`} className="stories__item" title={what || undefined}>
                <span className="stories__ring">
                  <UserAvatar src={user.profilePicture} name={user.name} username={user.username} size="lg" />
                </span>
                <span className="stories__name">{name}</span>
                {what ? <span className="sr-only">{`: ${what} today`}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
