// 'Esci' from anywhere a logged-in user is (side menu, or the header when there is no menu yet):
// the session ends on the server and on this device, then the login page.
import { useNavigate } from 'react-router';
import { authRoutes } from '../../features/auth/routes';
import { sessionLifecycle } from '../../shared/session/load';

export function useExit(beforeExit?: () => void): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    beforeExit?.();
    await (await sessionLifecycle()).logOut();
    await navigate(authRoutes.login.to());
  };
}
