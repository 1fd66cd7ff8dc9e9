import { lazy, Suspense, useState } from 'react';
import { Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth';
import type { SharedRestaurant } from './share-restaurant-dialog';

// The dialog's code downloads when someone first shares.
const ShareRestaurantDialog = lazy(() =>
  import('./share-restaurant-dialog').then((module) => ({ default: module.ShareRestaurantDialog })),
);

/** The restaurant page's Share button (spec 2): sharing needs a signed-in user. */
export function ShareRestaurantButton({ restaurant }: { restaurant: SharedRestaurant }) {
  const { data: me } = useCurrentUser();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing can animate and reopening keeps nothing stale.
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          if (!me) {
            toast.error('You need to be logged in', {
              description: 'Sign in to share restaurants with your buds.',
            });
            return;
          }
          setMounted(true);
          setOpen(true);
        }}
      >
        <Share2 aria-hidden="true" />
        Share
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ShareRestaurantDialog restaurant={restaurant} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
