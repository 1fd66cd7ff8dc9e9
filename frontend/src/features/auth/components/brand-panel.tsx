import { Award, BookHeart, TrendingUp, Users } from 'lucide-react';

const SELLING_POINTS = [
  {
    icon: Users,
    title: 'Dine with your buds',
    text: 'Connect with buds and share restaurant recommendations.',
  },
  {
    icon: Award,
    title: 'Collect badges',
    text: 'Earn FlavorBuds and CityBuds badges across the cities you eat in.',
  },
  {
    icon: TrendingUp,
    title: 'Rankings you can trust',
    text: 'Get personalised rankings based on what your buds recommend.',
  },
  {
    icon: BookHeart,
    title: 'Remember every meal',
    text: 'Keep track of your favourite dining experiences in one place.',
  },
];

export function BrandPanel() {
  return (
    <section className="brand-panel" aria-labelledby="brand-panel-title">
      <p className="brand-panel__eyebrow">Welcome to DineBuds</p>
      <h1 className="brand-panel__title" id="brand-panel-title">
        Great food is better with buds.
      </h1>
      <p className="brand-panel__lead">
        Review restaurants, follow friends with great taste and find your next favourite spot.
      </p>
      <ul className="brand-panel__points">
        {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="brand-panel__point">
            <span className="brand-panel__icon" aria-hidden="true">
              <Icon />
            </span>
            <span>
              <strong>{title}</strong>
              <span>{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
