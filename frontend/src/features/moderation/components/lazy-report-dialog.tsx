import { lazy, Suspense, useState } from 'react';
import type { ReportDialogProps } from './report-dialog';

// The dialog is its own chunk, fetched the first time it is opened: review cards and profile menus
// carry next to nothing for it.
const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

/** The report dialog, loaded when first opened and kept mounted after (so it can animate closed). */
export function LazyReportDialog(props: ReportDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog {...props} />
    </Suspense>
  );
}
