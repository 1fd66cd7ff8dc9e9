import { useSearchParams } from 'react-router-dom';
import { Tabs } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCurrentUser } from '@/features/auth';
import { AccessDenied } from '@/components/ui/access-denied';
import { ActivityTab } from './activity-tab';
import { UsersTab } from './users-tab';
import { BadgesTab } from './badges-tab';
import { MessagesTab } from './messages-tab';
import { ReportsTab } from './reports-tab';
import { ReviewsTab } from './reviews-tab';
import '../admin.css';

// Spec 2's five tabs in its order, then the activity log of every admin action.
const TABS = [
  { value: 'users', label: 'Users' },
  { value: 'reviews', label: 'Reviews' },
  { value: 'badges', label: 'Badges' },
  { value: 'messages', label: 'Messages' },
  { value: 'reports', label: 'Reports' },
  { value: 'activity', label: 'Activity Log' },
] as const;
type AdminTab = (typeof TABS)[number]['value'];

/** /admin (spec 2): admins only (isAdmin from the session); every action is a server call. */
export function AdminScreen() {
  useDocumentTitle('Admin Panel');
  const { data: me } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!me) return null;
  if (!me.isAdmin) return <AccessDenied />;
  const asked = params.get('tab');
  const tab: AdminTab = TABS.some((t) => t.value === asked) ? (asked as AdminTab) : 'users';
  return (
    <div className="page admin">
      <header className="admin__header">
        <h1>Admin Panel</h1>
        <span className="admin__pill">Admin</span>
      </header>
      <Tabs.Root
        className="tabs"
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
      >
        <Tabs.List className="tabs__list admin__tabs" aria-label="Admin">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} className="tabs__trigger" value={t.value}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="users" className="admin__panel">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="reviews" className="admin__panel">
          <ReviewsTab />
        </Tabs.Content>
        <Tabs.Content value="badges" className="admin__panel">
          <BadgesTab />
        </Tabs.Content>
        <Tabs.Content value="reports" className="admin__panel">
          <ReportsTab />
        </Tabs.Content>
        <Tabs.Content value="messages" className="admin__panel">
          <MessagesTab />
        </Tabs.Content>
        <Tabs.Content value="activity" className="admin__panel">
          <ActivityTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
