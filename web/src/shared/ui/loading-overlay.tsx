// The brand's loading animation while the loading flag is up (SPEC §4).
import { t } from '../i18n';
import { BrandMark } from '../brands/brand-mark';
import { useBrand } from '../brands/use-brand';
import { useLoadingStore } from './loading';

export function BrandLoader() {
  const brand = useBrand();
  return (
    <div className="brand-loader" role="status">
      <BrandMark mark={brand.logo} className={`brand-loader__mark brand-loader__mark--${brand.loader}`} />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

export function LoadingOverlay() {
  const loading = useLoadingStore((state) => state.count > 0);
  if (!loading) return null;
  return (
    <div className="loading-overlay">
      <BrandLoader />
    </div>
  );
}
