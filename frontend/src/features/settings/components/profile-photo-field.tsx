import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Camera } from 'lucide-react';
import { toast } from 'sonner';
import type { CurrentUserDto } from '@dinebuds/contracts';
import { LIMITS } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

/** Spec 1 §5: an image of at most 5 MB, checked here before it is sent (and again by the server). */
export function ProfilePhotoField({ user }: { user: CurrentUserDto }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture(user.id);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Invalid file type', { description: 'Please upload an image file' });
      return;
    }
    if (file.size > LIMITS.profilePictureMaxBytes) {
      toast.error('File too large', { description: 'The maximum file size is 5MB' });
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success('Profile Picture Updated', { description: 'Looking good!' }),
      onError: (error) => toast.error('Upload Failed', { description: error.message }),
      onSettled: () => setPreview(null),
    });
  };

  return (
    <div className="photo-field">
      <div className="photo-field__avatar">
        <UserAvatar
          name={user.name}
          username={user.username}
          src={preview ?? user.profilePicture}
          size="xl"
        />
        {upload.isPending ? (
          <span className="photo-field__busy">
            <Spinner size="sm" label="Uploading photo" />
          </span>
        ) : null}
      </div>
      <div className="photo-field__text">
        <p className="photo-field__title">Profile photo</p>
        <p className="muted">JPG, PNG, GIF or WebP, up to 5 MB.</p>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={onChange}
          disabled={upload.isPending}
        />
        <label
          htmlFor={id}
          className="btn btn--outline btn--sm photo-field__button"
          aria-disabled={upload.isPending || undefined}
        >
          <Camera aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : 'Change Photo'}
        </label>
      </div>
    </div>
  );
}
