// SPEC §2 index: a logged-in user goes to the dashboard, anyone else to login.
import { Navigate } from 'react-router';
import { dashboardRoutes } from '../../dashboard/routes';
import { useAppStore } from '../../../shared/state/app-store';
import { authRoutes } from '../routes';

export default function IndexPage() {
  const loggedIn = useAppStore((state) => state.user !== null);
  return <Navigate to={loggedIn ? dashboardRoutes.home.to() : authRoutes.login.to()} replace />;
}
