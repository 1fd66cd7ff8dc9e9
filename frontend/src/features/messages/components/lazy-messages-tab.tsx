import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/ui/states';

const Tab = lazy(() => import('./messages-tab').then((module) => ({ default: module.MessagesTab })));

/** The Messages tab of /social, its code fetched when the tab first shows. */
export function LazyMessagesTab({ meId }: { meId: number }) {
  return (
    <Suspense fallback={<LoadingState compact label="Loading messages" />}>
      <Tab meId={meId} />
    </Suspense>
  );
}
