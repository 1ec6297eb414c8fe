// /condizioni-generali: the general supply conditions every contract of the brand follows, open to
// anyone. The acceptance popup of new conditions and a proposal's review link here, so a customer
// reads what is asked of them before accepting.
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';
import '../proposals.css';

const SECTIONS = ['duration', 'prices', 'bills', 'payments', 'complaints', 'data'] as const;

export default function ConditionsPage() {
  const brand = useBrand();
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('proposals.conditions.heading')}</h1>
      <p className="page__intro">{t('proposals.conditions.intro', { brand: brand.name })}</p>
      <p className="card__muted">{t('proposals.conditions.version')}</p>
      <article className="card conditions">
        {SECTIONS.map((section) => (
          <section key={section}>
            <h2 className="card__title">{t(`proposals.conditions.sections.${section}.title`)}</h2>
            <p>{t(`proposals.conditions.sections.${section}.text`)}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
