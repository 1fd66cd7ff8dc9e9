import { Popover } from 'radix-ui';
import { REVIEW_COUNT_BUCKETS, USER_STATUS_FILTERS } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import type { AdminUserFilters } from '../api/get-admin-users';

const REVIEW_OPTIONS = [
  { value: 'all', label: 'All' },
  ...REVIEW_COUNT_BUCKETS.map((bucket) => ({ value: bucket, label: `${bucket} reviews` })),
] as const;
const STATUS_LABELS: Record<AdminUserFilters['status'], string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
};

interface UserFiltersPopoverProps {
  filters: AdminUserFilters;
  onChange: (next: AdminUserFilters) => void;
  onReset: () => void;
}

/** Spec 2's Filter Users popover: review-count buckets and active / inactive, as radio groups. */
export function UserFiltersPopover({ filters, onChange, onReset }: UserFiltersPopoverProps) {
  const active = (filters.reviews !== 'all' ? 1 : 0) + (filters.status !== 'all' ? 1 : 0);
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm">
          Filter Users{active > 0 ? ` (${active})` : ''}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="admin-popover" align="start" sideOffset={6} aria-label="Filter users">
          <fieldset className="admin-popover__group">
            <legend>Reviews</legend>
            {REVIEW_OPTIONS.map((option) => (
              <label key={option.value} className="admin-popover__option">
                <input
                  type="radio"
                  name="review-bucket"
                  value={option.value}
                  checked={filters.reviews === option.value}
                  onChange={() => onChange({ ...filters, reviews: option.value })}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <fieldset className="admin-popover__group">
            <legend>Status</legend>
            {USER_STATUS_FILTERS.map((status) => (
              <label key={status} className="admin-popover__option">
                <input
                  type="radio"
                  name="user-status"
                  value={status}
                  checked={filters.status === status}
                  onChange={() => onChange({ ...filters, status })}
                />
                {STATUS_LABELS[status]}
              </label>
            ))}
          </fieldset>
          <Button variant="ghost" size="sm" onClick={onReset}>
            Reset filters
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
