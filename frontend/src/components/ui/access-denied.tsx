import { Link } from 'react-router-dom';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';

/** Spec 2: what a person who is not an admin sees on /admin and /feedback, with a way back to their profile. */
export function AccessDenied() {
  return (
    <div className="page">
      <EmptyState
        icon={<ShieldAlert />}
        title="Access Denied"
        description="You do not have permission to view this page."
        action={
          <Button asChild variant="outline">
            <Link to="/profile">Back to profile</Link>
          </Button>
        }
      />
    </div>
  );
}
