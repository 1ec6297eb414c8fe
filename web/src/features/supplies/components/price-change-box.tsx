// The box a supply page shows while a change of its offer's prices is coming (Codice di condotta
// commerciale art. 13, ADR 035, ADR 058): the day it applies, each price from old to new, the
// customer's own yearly estimate as the notice gave it (VAT included), the compensation a late notice
// owes, and until when they may switch without penalty, with a link to the notice itself. Prices and months are worded by @sportello/domain, as in the notice.
import type { erpPriceChanges } from '@sportello/contract';
import { estimateSpan, formatEuro, formatPrice, formatYearlyEffect } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatIsoDate, formatNumber } from '../../../shared/format/format';
import { messageRoutes } from '../../messages/routes';
import { offerRoutes } from '../../offers/routes';
import { supplyPriceChangesQuery } from '../api/queries';
import { t } from '../i18n';

type PriceChange = erpPriceChanges.PriceChange;
type Change = PriceChange['changes'][number];

function ChangeLine({ change }: { change: Change }) {
  const price = (milli: number) => formatPrice(milli, change.unit, change.hourly);
  if (change.oldMilliEuro === null || change.newMilliEuro === null) {
    return (
      <li>
        <span className="price-change__label">{change.label}:</span>{' '}
        {change.oldMilliEuro === null
          ? t('supplies.detail.price_change.added', { new: price(change.newMilliEuro ?? 0) })
          : t('supplies.detail.price_change.dropped', { old: price(change.oldMilliEuro) })}
      </li>
    );
  }
  return (
    <li>
      <span className="price-change__label">{change.label}:</span>{' '}
      <span className="price-change__old">{price(change.oldMilliEuro)}</span>{' '}
      <span aria-hidden="true">→</span>
      <span className="visually-hidden"> a </span>{' '}
      <strong className="price-change__new">{price(change.newMilliEuro)}</strong>
    </li>
  );
}

function Estimate({ estimate }: { estimate: PriceChange['estimate'] }) {
  if (!estimate) return <p>{t('supplies.detail.price_change.no_estimate')}</p>;
  const amount = formatYearlyEffect(estimate.yearlyEffectCents);
  const fixedOnly = estimate.monthsCounted === 0;
  const vat =
    estimate.vatPercent === null
      ? t('supplies.detail.price_change.vat_excluded')
      : t('supplies.detail.price_change.vat_included');
  const basis = {
    quantity: formatNumber(Math.round(estimate.quantity)),
    unit: estimate.unit,
    months: estimate.monthsCounted,
    span: estimateSpan(estimate),
    vat,
  };
  return (
    <div className="price-change__estimate">
      <p className="price-change__figure">
        {fixedOnly
          ? t('supplies.detail.price_change.estimate_fixed', { amount })
          : t('supplies.detail.price_change.estimate', { amount })}
      </p>
      <p className="muted">
        {fixedOnly
          ? t('supplies.detail.price_change.estimate_fixed_basis', { vat })
          : estimate.monthsCounted >= 12
            ? t('supplies.detail.price_change.estimate_basis', basis)
            : t('supplies.detail.price_change.estimate_basis_scaled', basis)}
      </p>
    </div>
  );
}

function PriceChangeNotice({ change }: { change: PriceChange }) {
  const headingId = useId();
  const effective = formatIsoDate(change.effectiveOn);
  return (
    <section className="notice price-change" aria-labelledby={headingId}>
      <h2 id={headingId} className="notice__title">
        {t('supplies.detail.price_change.title', { date: effective })}
      </h2>
      <p>{t('supplies.detail.price_change.intro', { date: effective, offer: change.offer.name })}</p>
      <h3 className="price-change__what">{t('supplies.detail.price_change.what')}</h3>
      <ul className="price-change__list">
        {change.changes.map((c) => (
          <ChangeLine key={`${c.unit} ${c.label}`} change={c} />
        ))}
      </ul>
      <Estimate estimate={change.estimate} />
      {change.lateCompensation ? (
        <p>
          {t('supplies.detail.price_change.late', {
            received: formatIsoDate(change.receivedOn),
            amount: formatEuro(change.lateCompensation.amountCents),
          })}{' '}
          {change.lateCompensation.invoice
            ? t('supplies.detail.price_change.late_credited', {
                number: change.lateCompensation.invoice.number,
              })
            : t('supplies.detail.price_change.late_pending')}
        </p>
      ) : null}
      <p>
        <strong>
          {t('supplies.detail.price_change.switch', { date: formatIsoDate(change.penaltyFreeUntil) })}
        </strong>{' '}
        {t('supplies.detail.price_change.nothing_to_do', { date: effective })}
      </p>
      <p className="price-change__links">
        {change.message ? (
          <Link className="button button--secondary" to={messageRoutes.detail.to({ id: change.message.key })}>
            {t('supplies.detail.price_change.read_notice', { date: formatIsoDate(change.noticeOn) })}
          </Link>
        ) : null}
        <Link to={offerRoutes.detail.to({ key: change.offer.extKey })}>
          {t('supplies.detail.price_change.offer')}
        </Link>
      </p>
    </section>
  );
}

/** Nothing while no change is coming (or while the list is on its way: the page does not wait for it). */
export function PriceChangeBox({ supplyId }: { supplyId: string }) {
  const { data } = useQuery(supplyPriceChangesQuery(supplyId));
  if (!data?.priceChanges.length) return null;
  return (
    <>
      {data.priceChanges.map((change) => (
        <PriceChangeNotice key={change.id} change={change} />
      ))}
    </>
  );
}
