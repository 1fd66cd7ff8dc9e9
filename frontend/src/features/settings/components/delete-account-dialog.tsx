import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Delete my account: the password confirms it; then signed out, to /auth with a toast. */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(ACCOUNT_MESSAGES.passwordRequired);
      return;
    }
    remove.mutate(
      { password },
      {
        onSuccess: (answer) => {
          onOpenChange(false);
          toast.success(answer?.message || ACCOUNT_MESSAGES.accountDeleted, {
            description: 'Everything you shared on DineBuds has been removed.',
          });
          void navigate('/auth', { replace: true });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="This removes your profile, reviews, saved places, check-ins, follows, messages and feedback at once. It cannot be undone."
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Delete account">
        <Field label="Password" error={error}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="form__actions">
          <Button type="button" variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </ResponsiveDialog>
  );
}
