// Where a login lands when nothing else was asked for: the onboarding tour until it has been seen
// or skipped once, then the dashboard.
import type { User } from '@sportello/contract';
import { isOnboardingDue } from '../../shared/session/user-options';
import { dashboardRoutes } from '../dashboard/routes';
import { profileRoutes } from '../profile/routes';

export const homeAfterLogin = (user: User | null): string =>
  isOnboardingDue(user) ? profileRoutes.onboarding.to() : dashboardRoutes.home.to();
