import { Toaster as Sonner } from 'sonner';

/** Spec 1 §8: at most one toast visible at a time, removed 5 s after it appears. */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      visibleToasts={1}
      duration={5000}
      closeButton
      richColors
      toastOptions={{ className: 'toast' }}
    />
  );
}
