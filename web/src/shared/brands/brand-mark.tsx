// A brand's logo mark as SVG, from the shapes the PDF bill draws too (@sportello/domain logo-marks),
// coloured through the brand tokens.
import type { LogoMark, LogoMarkShape } from '@sportello/domain';
import { LOGO_MARKS } from '@sportello/domain';

const CLASS_NAMES: Record<LogoMarkShape['paint'], Record<LogoMarkShape['colour'], string>> = {
  fill: { primary: 'mark-primary', accent: 'mark-accent' },
  stroke: { primary: 'mark-stroke', accent: 'mark-accent-stroke' },
};

export function BrandMark({ mark, className }: { mark: LogoMark; className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {LOGO_MARKS[mark].map((shape) => (
        <path
          key={shape.d}
          d={shape.d}
          className={CLASS_NAMES[shape.paint][shape.colour]}
          {...(shape.paint === 'stroke' && {
            fill: 'none',
            strokeWidth: shape.strokeWidth,
            strokeLinecap: 'round',
          })}
        />
      ))}
    </svg>
  );
}
