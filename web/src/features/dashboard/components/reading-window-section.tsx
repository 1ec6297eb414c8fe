// "Finestra aperta: invia la lettura" (issue 14): a card while a self-reading window of one of the
// customer's active supplies is open, with a link to send the reading. Nothing otherwise.
import { erpMetering, erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { formatIsoDate } from '../../../shared/format/format';
import { supplyName } from '../../../shared/format/supply-label';
import { isRouteAvailable, useAvailability } from '../../../shared/navigation/route-availability';
import { meteringRoutes } from '../../metering/routes';
import { t } from '../i18n';
import { DashboardSection } from './dashboard-section';

export function ReadingWindowSection({ customerKey }: { customerKey: string }) {
  const enabled = isRouteAvailable(meteringRoutes.selfReading, useAvailability());
  const supplies = useQuery({
    ...callQueryOptions(erpSupplies.listSupplies, {
      query: { customerKey, activeOnly: true, pagingTake: PAGE_SIZE.supplies },
    }),
    enabled,
    // The supplies card reads the same query and reports its failure; asking again here would
    // bring the error popup back after it was closed.
    retryOnMount: false,
  });
  const list = enabled ? (supplies.data?.supplies ?? []) : [];
  // Quiet: a supply without a meter answers 404, which is no news for the dashboard.
  const windows = useQueries({
    queries: list.map((s) =>
      callQueryOptions(erpMetering.getReadingWindow, { query: { supplyKey: s.id } }, { quiet: true }),
    ),
  });
  const open = list.flatMap((supply, i) => {
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
                supply: supplyName(supply),
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
