import { UtensilsCrossed } from 'lucide-react';

export function Logo({ large }: { large?: boolean }) {
  return (
    <span className={large ? 'logo logo--large' : 'logo'}>
      <span className="logo__mark" aria-hidden="true">
        <UtensilsCrossed />
      </span>
      <span className="logo__text">
        Dine<span>Buds</span>
      </span>
    </span>
  );
}
