import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

interface RowActionButtonProps {
  /** The tooltip, and what a screen reader announces unless `ariaLabel` says more. */
  label: string;
  ariaLabel?: string;
  icon: ReactNode;
  testId?: string;
  /** When set, the button is disabled and the tooltip gives this reason instead of the label. */
  disabledReason?: string;
  /** A link to this app path instead of a click handler. */
  to?: string;
  onClick?: () => void;
}

/** A small icon button with its tooltip, as in the last column of a list's rows. */
export function RowActionButton({ label, ariaLabel, icon, testId, disabledReason, to, onClick }: RowActionButtonProps) {
  const common = {
    size: 'small',
    disabled: disabledReason !== undefined,
    'aria-label': ariaLabel ?? label,
    'data-testid': testId,
    // A row may open on click; its actions must not.
    onClick: (event: MouseEvent) => {
      event.stopPropagation();
      onClick?.();
    },
  } as const;
  const button =
    to === undefined ? (
      <IconButton {...common}>{icon}</IconButton>
    ) : (
      <IconButton {...common} component={RouterLink} to={to}>
        {icon}
      </IconButton>
    );
  if (disabledReason === undefined) return <Tooltip title={label}>{button}</Tooltip>;
  // A disabled button fires no events, so the tooltip listens on a wrapper.
  return (
    <Tooltip title={disabledReason}>
      <span>{button}</span>
    </Tooltip>
  );
}
