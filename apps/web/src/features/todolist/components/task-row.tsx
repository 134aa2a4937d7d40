import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import type { Task } from '../model/task-storage.ts';

interface TaskRowProps {
  task: Task;
  onToggle: (id: string) => void;
  onEdit: (id: string, text: string) => void;
  onDelete: (id: string) => void;
}

export function TaskRow({ task, onToggle, onEdit, onDelete }: TaskRowProps) {
  const { t } = useTranslation('todolist');
  const [draft, setDraft] = useState<string | null>(null);

  const handleSave = () => {
    if (draft?.trim()) onEdit(task.id, draft);
    setDraft(null);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') handleSave();
    if (event.key === 'Escape') setDraft(null);
  };

  if (draft !== null) {
    return (
      <ListItem divider sx={{ gap: 1 }}>
        <TextField
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
          size="small"
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { 'aria-label': t('edit'), maxLength: 500, 'data-testid': 'task-edit-input' } }}
        />
        <Tooltip title={t('save')}>
          <IconButton onClick={handleSave} aria-label={t('save')} color="primary">
            <CheckIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('cancel')}>
          <IconButton onClick={() => setDraft(null)} aria-label={t('cancel')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </ListItem>
    );
  }

  return (
    <ListItem
      divider
      data-testid="task-item"
      secondaryAction={
        <Stack direction="row">
          <Tooltip title={t('edit')}>
            <IconButton onClick={() => setDraft(task.text)} aria-label={t('edit')} data-testid="task-edit">
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('delete')}>
            <IconButton onClick={() => onDelete(task.id)} aria-label={t('delete')} data-testid="task-delete">
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      }
      sx={{ pr: 12 }}
    >
      <Checkbox
        edge="start"
        checked={task.isDone}
        onChange={() => onToggle(task.id)}
        slotProps={{ input: { 'aria-label': t('markDone'), 'data-testid': 'task-done' } as object }}
      />
      <ListItemText
        primary={task.text}
        secondary={formatDate(task.updatedAt)}
        slotProps={{
          primary: {
            sx: {
              wordBreak: 'break-word',
              textDecoration: task.isDone ? 'line-through' : 'none',
              color: task.isDone ? 'text.secondary' : 'text.primary',
            },
          },
        }}
      />
    </ListItem>
  );
}
