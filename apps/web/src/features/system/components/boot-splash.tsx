/** Same look as the splash inlined in index.html, so the hand-over to React is invisible. */
export function BootSplash() {
  return (
    <div className="boot-splash" aria-busy="true">
      <div className="boot-splash__ring" />
    </div>
  );
}
