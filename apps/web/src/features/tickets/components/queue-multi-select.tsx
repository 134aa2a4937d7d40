import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueChoice } from '../hooks/use-manager-filters.ts';

interface QueueMultiSelectProps {
  options: QueueChoice[];
  selected: number[];
  onChange: (ids: number[]) => void;
}

/** spec: the manager's queue multi-select; the lists show only the checked queues (and tickets without one). */
export function QueueMultiSelect({ options, selected, onChange }: QueueMultiSelectProps) {
  const { t } = useTranslation('tickets');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isAll = options.length > 0 && selected.length === options.length;
  const label = isAll
    ? t('header.allQueues')
    : selected.length === 0
      ? t('header.noQueues')
      : selected.length === 1
        ? (options.find((queue) => queue.id === selected[0])?.name ?? t('header.queues'))
        : t('header.queuesSelected', { count: selected.length });

  // A company without queues has nothing to filter by: "no queue" would only mislead.
  if (options.length === 0) return null;

  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id]);

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<FilterListOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="true"
        aria-label={`${t('header.queues')}: ${label}`}
        data-testid="tickets-queue-select"
        sx={{ textTransform: 'none', borderColor: 'divider', maxWidth: 170, minWidth: 0 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {label}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem dense onClick={() => onChange(isAll ? [] : options.map((queue) => queue.id))}>
          <ListItemIcon>
            <Checkbox
              size="small"
              edge="start"
              checked={isAll}
              indeterminate={!isAll && selected.length > 0}
              disableRipple
              tabIndex={-1}
            />
          </ListItemIcon>
          <ListItemText primary={t('header.allQueues')} />
        </MenuItem>
        {options.map((queue) => (
          <MenuItem key={queue.id} dense onClick={() => toggle(queue.id)} data-testid="tickets-queue-option">
            <ListItemIcon>
              <Checkbox size="small" edge="start" checked={selected.includes(queue.id)} disableRipple tabIndex={-1} />
            </ListItemIcon>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: queue.color, mr: 1.5, flexShrink: 0 }} />
            <ListItemText primary={queue.name} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
