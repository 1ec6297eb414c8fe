// Brand choice (SPEC §2 company): choosing a brand opens a guest session for it.
import { COMPANY_CODES, type CompanyCode } from '@sportello/contract';
import { t } from '../i18n';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../shared/brands/brand-mark';
import { BRANDS } from '../../../shared/brands/brands';
import { chooseCompany } from '../../../shared/state/app-store';
import { authRoutes } from '../routes';
import { ensureSession } from '../../../shared/session/session-lifecycle';

export default function CompanyPage() {
  const navigate = useNavigate();

  const choose = async (company: CompanyCode) => {
    chooseCompany(company);
    await ensureSession();
    await navigate(authRoutes.login.to());
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('company.heading')}</h1>
      <p className="page__intro">{t('company.intro')}</p>
      <ul className="company-list">
        {COMPANY_CODES.map((code) => {
          const brand = BRANDS[code];
          return (
            <li key={code}>
              <button
                type="button"
                className={`company-card company-card--${code}`}
                aria-label={t('company.choose', { brand: brand.name })}
                onClick={() => void choose(code).catch(() => undefined)}
              >
                <BrandMark mark={brand.logo} className="company-card__mark" />
                <span className="company-card__name">{brand.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
