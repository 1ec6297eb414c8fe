// Brand choice (SPEC §2 company): choosing a brand opens a guest session for it.
import { COMPANY_CODES, type CompanyCode } from '@sportello/contract';
import { t } from '../i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../../shared/brands/brand-mark';
import { BRANDS } from '../../../shared/brands/brands';
import { chooseCompany } from '../../../shared/state/app-store';
import { authRoutes } from '../routes';
import { ensureSession } from '../../../shared/session/session-lifecycle';
import { nextPath, withNext } from '../../../shared/navigation/next-path';

export default function CompanyPage() {
  const navigate = useNavigate();
  // A page opened before choosing (a mailed bill on a fresh phone) is opened after the login.
  const next = nextPath(useSearchParams()[0].get('next'));

  const choose = async (company: CompanyCode) => {
    chooseCompany(company);
    await ensureSession();
    await navigate(withNext(authRoutes.login.to(), next));
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
