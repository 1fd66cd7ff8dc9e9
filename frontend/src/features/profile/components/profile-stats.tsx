import { formatCount } from '@/lib/format';

export interface ProfileStat {
  key: string;
  label: string;
  /** Undefined while the count loads; null when it could not be loaded. */
  value: number | undefined | null;
  /** Followers / following open a list when tapped. */
  onSelect?: () => void;
}

export function ProfileStats({ stats }: { stats: ProfileStat[] }) {
  return (
    <ul className="profile-stats" aria-label="Profile counts">
      {stats.map((stat) => {
        const known = typeof stat.value === 'number';
        const valueText = known ? formatCount(stat.value!) : '–';
        const spoken = known
          ? `${valueText} ${stat.label}`
          : `${stat.label}: ${stat.value === undefined ? 'loading' : 'unavailable'}`;
        // The space makes the visible text read '1 Follower' like the accessible name (WCAG 2.5.3).
        const content = (
          <>
            <span className="profile-stats__value" aria-hidden="true">
              {valueText}
            </span>{' '}
            <span className="profile-stats__label" aria-hidden="true">
              {stat.label}
            </span>
          </>
        );
        return (
          <li
            key={stat.key}
            className="profile-stats__item"
            data-stat={stat.key}
            aria-busy={stat.value === undefined || undefined}
          >
            {stat.onSelect ? (
              <button
                type="button"
                className="profile-stats__button"
                onClick={stat.onSelect}
                aria-label={spoken}
                aria-haspopup="dialog"
              >
                {content}
              </button>
            ) : (
              <>
                {content}
                <span className="sr-only">{spoken}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
