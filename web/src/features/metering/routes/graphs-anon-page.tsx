// /supplies/{id}/graphs/anon (SPEC §2/§4): the graph a CRM operator opens with
// ?sessionId=…&supplyKey=…&customerKey=…&rcrm=1; with rcrm it is the only route offered.
import { useParams } from 'react-router';
import { ConsumptionView } from '../components/consumption-view';
import { t } from '../i18n';
import '../metering.css';

export default function GraphsAnonPage() {
  const { id = '' } = useParams();
  return (
    <div className="page metering-page">
      <h1 className="page__title">{t('metering.titles.graphs')}</h1>
      <p className="muted">{t('metering.graphs.anon_note', { supply: id })}</p>
      <ConsumptionView supplyKey={id} />
    </div>
  );
}
