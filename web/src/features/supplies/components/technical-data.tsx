// The supply's technical data (power, voltage, meter, consumption…), labelled in Italian with units.
import type { erpSupplies } from '@sportello/contract';
import { formatNumber } from '../../../shared/format/format';
import { t } from '../i18n';
import { DetailList, DetailSection } from './detail-section';

const LABELLED = [
  'usage',
  'contractualPowerKw',
  'availablePowerKw',
  'voltage',
  'voltageV',
  'phases',
  'annualConsumptionKwh',
  'annualConsumptionSmc',
  'meterClass',
  'remiCode',
  'pressure',
  'pcsGjPerSmc',
  'network',
  'substation',
] as const;
type Labelled = (typeof LABELLED)[number];

const WITH_UNIT = [
  'contractualPowerKw',
  'availablePowerKw',
  'voltageV',
  'annualConsumptionKwh',
  'annualConsumptionSmc',
  'pcsGjPerSmc',
] as const;
type WithUnit = (typeof WITH_UNIT)[number];

const isLabelled = (key: string): key is Labelled => (LABELLED as readonly string[]).includes(key);
const hasUnit = (key: string): key is WithUnit => (WITH_UNIT as readonly string[]).includes(key);

export function TechnicalData({ data }: { data: erpSupplies.Supply['technicalData'] }) {
  const rows = Object.entries(data ?? {})
    .filter((entry): entry is [Labelled, string | number] => isLabelled(entry[0]) && entry[1] !== null)
    .sort(([a], [b]) => LABELLED.indexOf(a) - LABELLED.indexOf(b))
    .map(([key, raw]) => {
      const value = typeof raw === 'number' ? formatNumber(raw) : raw;
      return {
        label: t(`supplies.technical.${key}`),
        value: hasUnit(key) ? t(`supplies.units.${key}`, { value }) : value,
      };
    });
  return (
    <DetailSection heading={t('supplies.detail.technical.heading')}>
      {rows.length ? (
        <DetailList rows={rows} />
      ) : (
        <p className="muted">{t('supplies.detail.technical.none')}</p>
      )}
    </DetailSection>
  );
}
