import { ArrowLeft } from 'lucide-react';
import { useBackNavigation } from '@/hooks/use-back-navigation';

export function BackButton({ fallback = '/' }: { fallback?: string }) {
  const goBack = useBackNavigation(fallback);
  return (
    <button type="button" className="icon-button" onClick={goBack} aria-label="Go back">
      <ArrowLeft aria-hidden="true" />
    </button>
  );
}
