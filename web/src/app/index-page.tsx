// SPEC §2 index: a logged-in user goes to the dashboard, anyone else to login.
import { Navigate } from 'react-router';
import { useAppStore } from '../shared/state/app-store';

export default function IndexPage() {
  const loggedIn = useAppStore((state) => state.user !== null);
  return <Navigate to={loggedIn ? '/dashboard' : '/login'} replace />;
}
