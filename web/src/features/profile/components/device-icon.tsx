// The outline of a phone, a tablet, a computer, a key or a person beside a session, a token or a
// delegation: drawn, so it
// shows the same on every system (no emoji font needed), and hidden from screen readers.
const PATHS = {
  mobile: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  tablet: 'M6 2h12a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  desktop: 'M3 4h18a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM8 21h8M12 17v4',
  key: 'M14.5 3.5a6 6 0 1 1-4.9 9.4L3 19.5V21h3v-2h2v-2h2l1.1-1.1A6 6 0 0 1 14.5 3.5zM16.5 7.5h.01',
  person: 'M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM4 21a8 8 0 0 1 16 0',
} as const;

export function DeviceIcon({ kind }: { kind: keyof typeof PATHS }) {
  return (
    <svg
      className="device-item__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
