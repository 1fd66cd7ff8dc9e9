import { lazy, Suspense, useState } from 'react';
import { Combine, Pencil } from 'lucide-react';
import type { RestaurantDetailDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';

// Only an admin who opens one downloads it.
const EditDetailsDialog = lazy(() => import('./edit-details-dialog'));
const MergeDialog = lazy(() => import('./merge-dialog'));

/** The restaurant page's admin buttons: Edit details and Merge into… (the server checks isAdmin). */
export function AdminRestaurantActions({ restaurant }: { restaurant: RestaurantDetailDto }) {
  const [open, setOpen] = useState<'edit' | 'merge' | null>(null);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen('edit')}>
        <Pencil aria-hidden="true" />
        Edit details
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('merge')}>
        <Combine aria-hidden="true" />
        Merge into…
      </Button>
      <Suspense fallback={null}>
        {open === 'edit' ? <EditDetailsDialog restaurant={restaurant} open onOpenChange={close} /> : null}
        {open === 'merge' ? <MergeDialog restaurant={restaurant} open onOpenChange={close} /> : null}
      </Suspense>
    </>
  );
}
