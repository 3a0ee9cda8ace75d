import { Icon, type IconProps } from '@/components/icons';

/** The house games' own icons (the shared line-icon frame; filled where a game piece needs it). */
export const SpeakerOnIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
  </Icon>
);
export const SpeakerOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M17 9l5 6M22 9l-5 6" />
  </Icon>
);
export const ShieldCheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </Icon>
);
export const GemIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...p}>
    <path d="M6 3h12l4 6-10 12L2 9z" fill="#7cf3c9" />
    <path d="M2 9h20L12 21z" fill="#2fd49a" />
    <path d="M6 3l3 6h6l3-6M9 9l3 12 3-12" fill="none" stroke="#0b6b4a" strokeWidth="1" />
  </svg>
);
export const BombIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...p}>
    <circle cx="11" cy="14" r="7.5" fill="#1b1b24" stroke="#ffb4a8" strokeWidth="1.2" />
    <path d="M15.5 8.5l2-2" stroke="#ffb4a8" strokeWidth="2" strokeLinecap="round" />
    <path
      d="M18.5 5.5l1.5-1.5M19 8h2M17 3V1.5"
      stroke="#ffd166"
      strokeWidth="1.5"
      strokeLinecap="round"
    />
    <circle cx="8.5" cy="11.5" r="1.8" fill="#ffffff" opacity="0.35" />
  </svg>
);
