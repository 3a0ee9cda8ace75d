/** Illustrations of the full-screen status pages; decorative, coloured by the brand accent. */

export function MaintenanceArt() {
  return (
    <svg className="status-screen__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="54" fill="currentColor" opacity="0.1" />
      <circle
        cx="60"
        cy="60"
        r="40"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.25"
        strokeWidth="2"
        strokeDasharray="4 7"
      />
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M72 38a14 14 0 0 0-18.5 18.5L34 76a6 6 0 0 0 8.5 8.5L62 65a14 14 0 0 0 18.5-18.5l-8.5 8.5-7.5-2.5-2.5-7.5 8.5-8.5z" />
      </g>
      <circle cx="92" cy="30" r="4" fill="currentColor" />
      <circle cx="26" cy="40" r="3" fill="currentColor" opacity="0.6" />
      <circle cx="96" cy="86" r="2.5" fill="currentColor" opacity="0.5" />
    </svg>
  );
}

export function RegionBlockArt() {
  return (
    <svg className="status-screen__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="54" fill="currentColor" opacity="0.1" />
      <g fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round">
        <circle cx="56" cy="56" r="30" strokeOpacity="0.8" />
        <path
          d="M26 56h60M56 26c9 8 13 18 13 30s-4 22-13 30c-9-8-13-18-13-30s4-22 13-30z"
          strokeOpacity="0.8"
        />
      </g>
      <circle cx="84" cy="84" r="17" fill="var(--surface)" stroke="currentColor" strokeWidth="4" />
      <path d="M73 95l22-22" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export function OfflineArt() {
  return (
    <svg className="status-screen__art" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="54" fill="currentColor" opacity="0.1" />
      <g fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round">
        <path d="M30 52a42 42 0 0 1 60 0M40 63a28 28 0 0 1 40 0M50 74a14 14 0 0 1 20 0" />
        <path d="M32 32l56 56" />
      </g>
      <circle cx="60" cy="86" r="4" fill="currentColor" />
    </svg>
  );
}
