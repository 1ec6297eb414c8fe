// /supplies/{id}/graphs/anon (SPEC §2/§4): the graph a CRM operator opens with
// ?sessionId=<handover code>&supplyKey=…&customerKey=…&rcrm=1 (ADR 023); with rcrm it is the only route
// offered. The supply is named as its customer knows it (name, address, POD/PDR). Without a login the
// code was refused: nothing will load, so the page says so and what to do.
import { useQuery } from '@tanstack/react-query';
import { erpSupplies } from '@sportello/contract';
import { useParams } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { supplyAddressLine, supplyName } from '../../../shared/format/supply-label';
import { useAppStore } from '../../../shared/state/app-store';
import { ConsumptionView } from '../components/consumption-view';
import { t } from '../i18n';
import '../metering.css';

export default function GraphsAnonPage() {
  const { id = '' } = useParams();
  const loggedIn = useAppStore((state) => state.user !== null);
  const supply = useQuery({
    ...callQueryOptions(erpSupplies.getSupply, { params: { id } }),
    enabled: loggedIn,
  });
  return (
    <div className="page metering-page">
      <h1 className="page__title">{t('metering.titles.graphs')}</h1>
      {loggedIn ? (
        <>
          {/* The line is there before the name arrives, so the chart below never moves down. */}
          <p className="page__subtitle">{supply.data ? supplyName(supply.data) : '\u00a0'}</p>
          <p className="muted">
            {supply.data
              ? t('metering.graphs.anon_note', {
                  address: supplyAddressLine(supply.data),
                  pointCode: supply.data.pointCode,
                })
              : '\u00a0'}
          </p>
          <ConsumptionView supplyKey={id} />
        </>
      ) : (
        <p className="notice notice--warning" role="alert">
          {t('metering.graphs.anon_refused')}
        </p>
      )}
    </div>
  );
}
