interface BrandLogoProps {
  size?: number;
  /** White tile with a teal mark, for teal backgrounds. */
  isInverted?: boolean;
}

/** The app mark: a speech bubble with a handset, drawn inline so it costs no request. */
export function BrandLogo({ size = 40, isInverted = false }: BrandLogoProps) {
  const tile = isInverted ? '#fff' : '#008069';
  const mark = isInverted ? '#008069' : '#fff';
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} style={{ flexShrink: 0 }} aria-hidden>
      <rect width="64" height="64" rx="14" fill={tile} />
      <path d="M32 13a19 19 0 0 0-16.4 28.6L13 51l9.7-2.5A19 19 0 1 0 32 13Z" fill={mark} />
      <path
        d="M24.5 23.5c.6-1.2 1.3-1.2 1.9-1.2h1.5c.5 0 1 .1 1.4 1.1l1.8 4.3c.2.5.2 1-.2 1.5l-1.2 1.5c-.3.4-.3.8 0 1.3a15 15 0 0 0 6.4 5.6c.5.2.9.2 1.2-.2l1.6-1.9c.4-.5.9-.5 1.4-.3l4.2 2c.5.2.9.5.9 1 0 1.6-1 3.8-3.4 4.4-2 .5-5.3.3-9.6-2.5a24 24 0 0 1-8-8.6c-1.6-3-1.2-6.5-.3-8Z"
        fill={tile}
      />
    </svg>
  );
}
