import type { Brand } from './brands';
import { BrandMark } from './brand-mark';

export function BrandLogo({ brand }: { brand: Brand }) {
  return (
    <span className="brand-logo">
      <BrandMark mark={brand.logo} className="brand-logo__mark" />
      <span className="brand-logo__name">{brand.name}</span>
    </span>
  );
}
