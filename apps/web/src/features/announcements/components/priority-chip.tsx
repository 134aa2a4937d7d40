import Chip from '@mui/material/Chip';
import type { AnnouncementPriority } from '@wacrm/shared/announcements/announcement.schema';
import { useTranslation } from 'react-i18next';
import { priorityColor, priorityLabelKey } from './priority.ts';

export function PriorityChip({ priority }: { priority: AnnouncementPriority }) {
  const { t } = useTranslation('announcements');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={priorityColor[priority]}
      label={t(priorityLabelKey[priority])}
      data-testid={`priority-${priority}`}
    />
  );
}
