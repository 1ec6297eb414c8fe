// An always-visible way to reach a person beside every complaint page: the brand's free number and its
// hours (the brand's own data, as on /support).
import { SupportHoursList } from '../../../shared/brands/support-hours';
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';

export function PersonCard() {
  const brand = useBrand();
  return (
    <aside className="complaint-person" aria-labelledby="complaint-person-title">
      <h2 id="complaint-person-title" className="complaint-person__title">
        {t('complaints.person.title')}
      </h2>
      <a href={`tel:${brand.helpPhone.replace(/\s/g, '')}`}>
        {t('complaints.person.call', { phone: brand.helpPhone })}
      </a>
      <SupportHoursList brand={brand} />
    </aside>
  );
}
