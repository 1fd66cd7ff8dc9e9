import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useLogout } from '@/features/auth';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import '../settings.css';

interface SignOutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 1 §2: 'Sign Out?' confirmation, then POST /api/logout and back to /auth. */
export function SignOutDialog({ open, onOpenChange }: SignOutDialogProps) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign Out?"
      description="Are you sure you want to sign out of your account?"
      confirmLabel="Sign Out"
      destructive
      pending={logout.isPending}
      onConfirm={() =>
        logout.mutate(undefined, {
          onSuccess: () => {
            onOpenChange(false);
            toast.success('Logged out successfully');
            void navigate('/auth', { replace: true });
          },
          onError: (error) => toast.error('Logout failed', { description: error.message }),
        })
      }
    />
  );
}
