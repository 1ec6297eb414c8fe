// Who the controller is and how to write to them: the brand's legal entity, on both privacy pages.
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';

export function ControllerSection({ title }: { title: string }) {
  const brand = useBrand();
  const { name, address, vat } = brand.legalEntity;
  return (
    <section aria-labelledby="privacy-controller-title">
      <h2 id="privacy-controller-title">{title}</h2>
      <p>{t('privacy.notice.controller', { name, address, vat })}</p>
      <p>
        {t('privacy.notice.contact')} <a href={`mailto:${brand.privacyEmail}`}>{brand.privacyEmail}</a>.
      </p>
    </section>
  );
}
