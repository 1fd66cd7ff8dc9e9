import { Link } from 'react-router-dom';
import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="page page--centered">
      <div className="state">
        <div className="state__icon" aria-hidden="true">
          <Compass />
        </div>
        <h1 className="state__title state__title--large">404 Page Not Found</h1>
        <p className="state__description">
          This page isn't on the menu. Check the address or head back home.
        </p>
        <div className="state__action">
          <Button asChild>
            <Link to="/">Go Back Home</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
