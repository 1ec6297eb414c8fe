// /supplies/{id} (SPEC §2): the supply with its contract, offer (and hourly pricing), addresses,
// bank debit and technical data; a coming change of its offer's prices first (ADR 035). A contract
// that ended says so, and what needs one in force (self-reading, changes) is not offered (ADR 066).
import { FORMER_CUSTOMER_AREA_MONTHS, isContractInForce, todayInRome } from '@sportello/domain';
import { t } from '../i18n';
import { Link } from 'react-router';
import { BackLink } from '../components/back-link';
import { BankDebitSection } from '../components/bank-debit-section';
import { CommodityIcon } from '../../../shared/ui/commodity-icon';
import { DetailList, DetailSection } from '../components/detail-section';
import { OfferSection, useHourlyPrice } from '../components/offer-section';
import { PriceChangeBox } from '../components/price-change-box';
import { ShippingAddressSection } from '../components/shipping-address-section';
import { SupplyGate, type SupplyData } from '../components/supply-gate';
import { SupplyStatus } from '../components/supply-status';
import { TechnicalData } from '../components/technical-data';
import { formatIsoDate } from '../../../shared/format/format';
import { supplyAddressLine, supplyName } from '../../../shared/format/supply-label';
import { supplyRoutes } from '../routes';
import { meteringRoutes } from '../../metering/routes';
import { useAvailablePath } from '../../../shared/navigation/route-availability';

function HourlyNotice() {
  return (
    <section className="notice hourly-notice" aria-labelledby="hourly-title">
      <h2 id="hourly-title" className="notice__title">
        {t('supplies.detail.hourly.title')}
      </h2>
      <p>{t('supplies.detail.hourly.text')}</p>
    </section>
  );
}

/** Links to the metering pages of this supply, each only while its module is enabled. */
function MeteringLinks({ supplyId, ended }: { supplyId: string; ended: boolean }) {
  const selfReading = useAvailablePath(meteringRoutes.selfReading, { id: supplyId });
  const links = [
    // An ended supply takes no more readings: its history stays.
    { to: ended ? null : selfReading, label: t('supplies.detail.metering.self_reading') },
    {
      to: useAvailablePath(meteringRoutes.supplyArchive, { id: supplyId }),
      label: t('supplies.detail.metering.archive'),
    },
    {
      to: useAvailablePath(meteringRoutes.graphs, { id: supplyId }),
      label: t('supplies.detail.metering.graphs'),
    },
  ].filter((link): link is { to: string; label: string } => link.to !== null);
  if (links.length === 0) return null;
  return (
    <nav className="supply-metering" aria-label={t('supplies.detail.metering.heading')}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className="button button--secondary">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

/** A contract that ended: when, and what the personal area still holds. */
function EndedNotice({ endDate }: { endDate: string | null }) {
  return (
    <section className="notice" aria-labelledby="ended-title">
      <h2 id="ended-title" className="notice__title">
        {endDate
          ? t('supplies.detail.ended.title_on', { date: formatIsoDate(endDate) })
          : t('supplies.detail.ended.title')}
      </h2>
      <p>{t('supplies.detail.ended.text', { months: FORMER_CUSTOMER_AREA_MONTHS })}</p>
    </section>
  );
}

function SupplyDetail({ supply, contract }: SupplyData) {
  const { offer, hourly } = useHourlyPrice(supply);
  const commodity = t(`supplies.commodity.${supply.commodity}`);
  const ended = !isContractInForce(contract, todayInRome(new Date()));
  return (
    <div className="page supply-page">
      <BackLink to={supplyRoutes.list.to()}>{t('supplies.back_to_list')}</BackLink>
      <div className="supply-head">
        <CommodityIcon commodity={supply.commodity} size={40} />
        <div className="supply-head__text">
          <p className="supply-head__kind">{commodity}</p>
          <h1 className="page__title">{supplyName(supply)}</h1>
          <SupplyStatus status={supply.status} />
        </div>
        <Link
          to={supplyRoutes.editName.to({ id: supply.id })}
          className="button button--secondary supply-head__edit"
        >
          {t('supplies.detail.edit_name')}
        </Link>
      </div>
      {ended ? <EndedNotice endDate={contract.endDate} /> : <PriceChangeBox supplyId={supply.id} />}
      {hourly && !ended ? <HourlyNotice /> : null}
      <MeteringLinks supplyId={supply.id} ended={ended} />
      <div className="detail-grid">
        <DetailSection heading={t('supplies.detail.supply_heading')}>
          <DetailList
            rows={[
              { label: t('supplies.detail.supply_address'), value: supplyAddressLine(supply) },
              { label: t(`supplies.point_code_label.${supply.commodity}`), value: supply.pointCode },
              { label: t('supplies.detail.status'), value: supply.status },
              { label: t('supplies.detail.activation_date'), value: formatIsoDate(supply.activationDate) },
              ...(supply.deactivationDate
                ? [
                    {
                      label: t('supplies.detail.deactivation_date'),
                      value: formatIsoDate(supply.deactivationDate),
                    },
                  ]
                : []),
            ]}
          />
        </DetailSection>
        <DetailSection heading={t('supplies.detail.contract.heading')}>
          <DetailList
            rows={[
              { label: t('supplies.detail.contract.number'), value: contract.number },
              { label: t('supplies.detail.contract.name'), value: contract.name },
              { label: t('supplies.detail.contract.status'), value: contract.status },
              { label: t('supplies.detail.contract.start_date'), value: formatIsoDate(contract.startDate) },
              ...(contract.endDate
                ? [{ label: t('supplies.detail.contract.end_date'), value: formatIsoDate(contract.endDate) }]
                : []),
            ]}
          />
        </DetailSection>
        <OfferSection offer={offer} />
        {ended ? null : <ShippingAddressSection supplyId={supply.id} contract={contract} />}
        {ended ? null : <BankDebitSection supplyId={supply.id} contract={contract} />}
        <TechnicalData data={supply.technicalData} />
      </div>
    </div>
  );
}

export default function SupplyPage() {
  return <SupplyGate>{(data) => <SupplyDetail {...data} />}</SupplyGate>;
}
