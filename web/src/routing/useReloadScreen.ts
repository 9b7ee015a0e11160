import { useCallback } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';

/**
 * Loads the screen again, as a navigation to where the user already is (replacing it): its loaders run and the
 * error it shows is cleared. A revalidation alone would keep an error the screen threw while rendering (its query
 * failed), however well the loaders run again.
 */
export function useReloadScreen(): { reload: () => void; reloading: boolean } {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const reload = useCallback(() => {
    void navigate(location, { replace: true, state: location.state });
  }, [navigate, location]);
  return { reload, reloading: navigation.state === 'loading' };
}
