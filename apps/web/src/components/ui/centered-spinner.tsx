/** A centred progress ring (plain CSS in base.css: it shows before Material has loaded). */
export function CenteredSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div role="progressbar" aria-busy className={`wacrm-spinner${fullScreen ? ' wacrm-spinner--full-screen' : ''}`}>
      <svg viewBox="22 22 44 44" aria-hidden>
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </div>
  );
}
