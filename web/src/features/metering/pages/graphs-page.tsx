// /supplies/{id}/graphs (SPEC §2, module grafConsumi): consumption of one supply by band.
import { useQuery } from '@tanstack/react-query';
import { erpSupplies } from '@sportello/contract';
import { useParams } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { supplyNameWithPoint } from '../../../shared/format/supply-label';
import { ConsumptionView } from '../components/consumption-view';
import { t } from '../i18n';
import '../metering.css';

export default function GraphsPage() {
  const { id = '' } = useParams();
  const supply = useQuery(callQueryOptions(erpSupplies.getSupply, { params: { id } }));
  return (
    <div className="page metering-page">
      <h1 className="page__title">{t('metering.titles.graphs')}</h1>
      {/* The line is there before the name arrives, so the chart below never moves down. */}
      <p className="page__subtitle">{supply.data ? supplyNameWithPoint(supply.data) : '\u00a0'}</p>
      {/* Time bands are electricity's: gas and heat are read as one total. */}
      <p className="muted">
        {t(
          supply.data?.commodity === 'electricity' ? 'metering.graphs.intro' : 'metering.graphs.intro_total',
        )}
      </p>
      <ConsumptionView supplyKey={id} />
    </div>
  );
}
