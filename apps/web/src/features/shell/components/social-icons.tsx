import type { ReactNode } from 'react';

export type SocialChannel =
  'YOUTUBE' | 'FACEBOOK' | 'INSTAGRAM' | 'WHATSAPP' | 'MESSENGER' | 'TELEGRAM';

/**
 * Simplified marks of the social channels (docs/product.md §9), drawn for Banca on a 24-unit grid.
 */
const GLYPHS: Record<SocialChannel, ReactNode> = {
  YOUTUBE: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4.5" fill="currentColor" />
      <path d="M10 9v6l5.2-3z" fill="var(--social-cutout, #0b1220)" />
    </>
  ),
  FACEBOOK: (
    <path
      fill="currentColor"
      d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z"
    />
  ),
  INSTAGRAM: (
    <>
      <rect
        x="3"
        y="3"
        width="18"
        height="18"
        rx="5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="4.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.3" fill="currentColor" />
    </>
  ),
  WHATSAPP: (
    <>
      <path
        d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        fill="currentColor"
        d="M9.2 7.8c.2 0 .5 0 .6.4l.8 1.9c.1.2 0 .4-.1.6l-.6.7c-.1.1-.1.3 0 .5.6 1 1.6 2 2.6 2.5.2.1.4.1.5 0l.7-.8c.2-.2.4-.2.6-.1l1.8.9c.2.1.3.3.3.5 0 .9-.7 1.9-1.8 2-1.1.2-2.9-.4-4.6-2-1.8-1.6-2.7-3.4-2.6-4.6.1-1.2.9-2.3 1.2-2.3z"
      />
    </>
  ),
  MESSENGER: (
    <>
      <path
        fill="currentColor"
        d="M12 2.5c-5.4 0-9.5 4-9.5 9.1 0 2.7 1.1 5 3 6.6v3.3l3.1-1.7c1 .3 2.2.5 3.4.5 5.4 0 9.5-4 9.5-9.1S17.4 2.5 12 2.5z"
      />
      <path
        fill="var(--social-cutout, #0b1220)"
        d="M6.5 14.5l3.3-5.2 3 2.3 3.7-2.3-3.3 5.2-3-2.3z"
      />
    </>
  ),
  TELEGRAM: (
    <path
      fill="currentColor"
      d="M21.4 4.2L2.9 11.3c-1.2.5-1.2 1.2-.2 1.5l4.7 1.5 1.8 5.6c.2.6.4.8.9.8.4 0 .6-.2.9-.4l2.2-2.1 4.6 3.4c.8.5 1.4.2 1.6-.8l3-14.3c.3-1.3-.5-1.9-1.4-1.4zM9.7 14.1l8.6-7.8c.4-.3-.1-.5-.6-.2L7.7 12.9"
    />
  ),
};

export function SocialIcon({ channel }: { channel: SocialChannel }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {GLYPHS[channel]}
    </svg>
  );
}
