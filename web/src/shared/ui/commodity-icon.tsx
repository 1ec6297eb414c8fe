// Electricity, gas and district-heating icons. With a label the icon is an image with that name;
// without one it is decoration beside text that already says the same.
import type { erpSupplies } from '@sportello/contract';

const PATHS: Record<erpSupplies.Commodity, string> = {
  electricity: 'M13 2L4 14h7l-1 8 9-12h-7z',
  gas: 'M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 3 1 4 2 4-1-4 0-7 1-10z',
  heat: 'M4 20h16M6 16c0-3 3-3 3-6s-2-3-2-6M12 16c0-3 3-3 3-6s-2-3-2-6M18 16c0-3 3-3 3-6',
};

export function CommodityIcon({
  commodity,
  label,
  size = 28,
  className = 'commodity-icon',
}: {
  commodity: erpSupplies.Commodity;
  label?: string;
  size?: number;
  className?: string;
}) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      focusable="false"
      className={`${className} ${className}--${commodity}`}
      {...a11y}
    >
      <path
        d={PATHS[commodity]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
