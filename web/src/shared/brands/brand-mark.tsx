// The logo marks, drawn here (simple, original), coloured through the brand tokens.
import type { ReactNode } from 'react';
import type { LogoMark } from './brands';

const SUN_RAYS = Array.from({ length: 8 }, (_, index) => index * 45);

const MARKS: Record<LogoMark, ReactNode> = {
  sun: (
    <>
      {SUN_RAYS.map((angle) => (
        <rect
          key={angle}
          x="18.5"
          y="2"
          width="3"
          height="7"
          rx="1.5"
          className="mark-primary"
          transform={`rotate(${angle} 20 20)`}
        />
      ))}
      <circle cx="20" cy="20" r="9" className="mark-accent" />
      <path
        d="M14 22c2-3 4-3 6 0s4 3 6 0"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        className="mark-stroke"
      />
    </>
  ),
  wave: (
    <>
      <path d="M20 3C14 12 9 18 9 25a11 11 0 0 0 22 0c0-7-5-13-11-22z" className="mark-primary" />
      <path
        d="M12 26c3-3 5-3 8 0s5 3 8 0"
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        className="mark-accent-stroke"
      />
    </>
  ),
  star: (
    <>
      <circle cx="20" cy="20" r="18" className="mark-primary" />
      <path d="M20 7l3.6 8.4 9 .8-6.8 6 2 8.8L20 26.4 12.2 31l2-8.8-6.8-6 9-.8z" className="mark-accent" />
    </>
  ),
  mesa: (
    <>
      <rect x="4" y="26" width="32" height="8" rx="2" className="mark-primary" />
      <rect x="9" y="16" width="22" height="8" rx="2" className="mark-accent" />
      <rect x="14" y="6" width="12" height="8" rx="2" className="mark-primary" />
    </>
  ),
  flame: (
    <>
      <path
        d="M21 2c2 8 12 12 12 23a13 13 0 0 1-26 0c0-6 3-10 6-13 0 5 2 7 4 8-1-7 1-13 4-18z"
        className="mark-primary"
      />
      <path d="M20 20c3 3 6 6 6 10a6 6 0 0 1-12 0c0-4 3-6 6-10z" className="mark-accent" />
    </>
  ),
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
      {MARKS[mark]}
    </svg>
  );
}
