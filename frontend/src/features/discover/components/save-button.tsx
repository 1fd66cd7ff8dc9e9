import { Bookmark, BookmarkCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface SaveButtonProps {
  name: string;
  saved: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** Save / Saved for one restaurant of a list; the accessible name says which one. */
export function SaveButton({ name, saved, busy, onToggle }: SaveButtonProps) {
  return (
    <Button
      variant={saved ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={saved}
      aria-label={`${saved ? 'Saved' : 'Save'} ${name}`}
      disabled={busy}
      onClick={onToggle}
    >
      {saved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
      {saved ? 'Saved' : 'Save'}
    </Button>
  );
}
