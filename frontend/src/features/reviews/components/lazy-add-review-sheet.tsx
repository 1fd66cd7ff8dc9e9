import { lazy, Suspense, useState, type ComponentProps } from 'react';

// The sheet (its form, the drawer and dialog primitives under it) is its own chunk, fetched the
// first time it is opened, so a screen that offers "Add review" does not download it up front.
const AddReviewSheet = lazy(() =>
  import('./add-review-sheet').then((module) => ({ default: module.AddReviewSheet })),
);

type LazyAddReviewSheetProps = ComponentProps<typeof AddReviewSheet>;

/** The review sheet, loaded when first opened and kept mounted after (so it can animate closed). */
export function LazyAddReviewSheet(props: LazyAddReviewSheetProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AddReviewSheet {...props} />
    </Suspense>
  );
}
