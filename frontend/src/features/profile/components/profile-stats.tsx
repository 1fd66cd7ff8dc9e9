export interface ProfileStat {
  key: string;
  label: string;
  value: number;
  /** Followers / following open a list when tapped (added with the social graph). */
  onSelect?: () => void;
}

export function ProfileStats({ stats }: { stats: ProfileStat[] }) {
  return (
    <ul className="profile-stats" aria-label="Profile counts">
      {stats.map((stat) => {
        const content = (
          <>
            <span className="profile-stats__value">{stat.value.toLocaleString()}</span>
            <span className="profile-stats__label">{stat.label}</span>
          </>
        );
        return (
          <li key={stat.key} className="profile-stats__item" data-stat={stat.key}>
            {stat.onSelect ? (
              <button type="button" className="profile-stats__button" onClick={stat.onSelect}>
                {content}
              </button>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ul>
  );
}
