import { useIsFetching } from '@tanstack/react-query';
import { isBusyError } from '@/lib/api';

/** Shown while a read the server refused as busy (503) is being retried, so a wait is explained. */
export function BusyNotice() {
  const retrying = useIsFetching({ predicate: (query) => isBusyError(query.state.fetchFailureReason) });
  if (retrying === 0) return null;
  return (
    <div
      role="status"
      // Inline, so the notice needs no stylesheet of its own.
      style={{
        position: 'fixed',
        bottom: '1rem',
        left: '50%',
        transform: 'translateX(-50%)',
        padding: '0.5rem 1rem',
        borderRadius: '999px',
        background: '#1f2937',
        color: '#fff',
        fontSize: '0.875rem',
        zIndex: 1000,
      }}
    >
      The server is busy, retrying…
    </div>
  );
}
