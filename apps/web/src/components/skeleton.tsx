import type { CSSProperties } from 'react';

/** A shimmering placeholder with the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({
  width,
  height,
  radius,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}) {
  return (
    <span
      className={className ? `skeleton ${className}` : 'skeleton'}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
