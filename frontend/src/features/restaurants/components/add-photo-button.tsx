import { useRef } from 'react';
import { ImagePlus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useUploadRestaurantPhoto } from '../api/upload-photo';

/** The types the photo route accepts; the server checks them (and the 5 MB limit) again. */
const ACCEPTED = 'image/jpeg,image/png,image/gif,image/webp';

/** "Add photo" for a reviewer of the restaurant (or an admin): the server decides, and says why not. */
export function AddPhotoButton({ restaurantId }: { restaurantId: number }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadRestaurantPhoto(restaurantId);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => toast.success('Photo added', { description: 'Thanks for showing the place.' }),
      onError: (error) => toast.error('Could not add photo', { description: error.message }),
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        hidden
        aria-label="Restaurant photo"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          // The same file again is a new attempt.
          event.target.value = '';
        }}
      />
      <Button variant="outline" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
        <ImagePlus aria-hidden="true" />
        {upload.isPending ? 'Uploading...' : 'Add photo'}
      </Button>
    </>
  );
}
