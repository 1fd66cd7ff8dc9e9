import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { popPreviousPath } from '@/lib/nav-history';

/** Goes to the previously tracked path (spec 2 §2), else to `fallback`. */
export function useBackNavigation(fallback = '/') {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    const previous = popPreviousPath(location.pathname);
    void navigate(previous ?? fallback);
  }, [navigate, location.pathname, fallback]);
}
