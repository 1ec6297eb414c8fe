// "Finestra aperta: invia la lettura": a card while a self-reading window of one of the
// customer's active supplies is open, with a link to send the reading. Nothing otherwise.
import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { activeSupplies, windowOrNone } from '../api/queries';
import { formatIsoDate } from '../../../shared/format/format';
import { supplyNameWithPoint } from '../../../shared/format/supply-label';
import { isRouteAvailable, useAvailability } from '../../../shared/navigation/route-availability';
import { SectionErrorBoundary } from '../../../shared/ui/section-error-boundary';
import { meteringRoutes } from '../../metering/routes';
import { t } from '../i18n';
import { DashboardSection } from './dashboard-section';

// Suspends with the other cards (the dashboard's one boundary): appearing later, at the top, it
// would push every card below it down.
function OpenWindows({ customerKey }: { customerKey: string }) {
  const { data } = useSuspenseQuery(activeSupplies(customerKey));
  const windows = useSuspenseQueries({ queries: data.supplies.map((s) => windowOrNone(s.id)) });
  const open = data.supplies.flatMap((supply, i) => {
    const w = windows[i]?.data;
    return w?.open && w.window && w.registers.length > 0 ? [{ supply, closesOn: w.window.closesOn }] : [];
  });
  if (open.length === 0) return null;
  return (
    <DashboardSection heading={t('dashboard.reading_window.heading')} className="card--wide">
      <ul className="reading-window-list">
        {open.map(({ supply, closesOn }) => (
          <li key={supply.id}>
            <p>
              {t('dashboard.reading_window.text', {
                // Two supplies may share a name (the house's light and gas): the point code tells them apart.
                supply: supplyNameWithPoint(supply),
                commodity: t(`dashboard.supplies.commodity.${supply.commodity}`),
                closesOn: formatIsoDate(closesOn),
              })}
            </p>
            <Link className="button button--primary" to={meteringRoutes.selfReading.to({ id: supply.id })}>
              {t('dashboard.reading_window.send')}
            </Link>
          </li>
        ))}
      </ul>
    </DashboardSection>
  );
}

export function ReadingWindowSection({ customerKey }: { customerKey: string }) {
  const enabled = isRouteAvailable(meteringRoutes.selfReading, useAvailability());
  // The supplies card reports a failure of the same list; this card then just stays away.
  return enabled ? (
    <SectionErrorBoundary fallback={null}>
      <OpenWindows customerKey={customerKey} />
    </SectionErrorBoundary>
  ) : null;
}
