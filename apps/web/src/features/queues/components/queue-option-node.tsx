import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import AddIcon from '@mui/icons-material/SubdirectoryArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { QueueOptionFields, QueueOptionRecord } from '@wacrm/shared/queues/queue-option.schema';
import { useTranslation } from 'react-i18next';
import { nextOptionNumber } from '../model/queue-list.ts';
import { QueueOptionForm } from './queue-option-form.tsx';

/** What the editor is doing: editing an option, or adding one under a parent (null: the root). */
export type OptionEditing = { kind: 'edit'; id: number } | { kind: 'add'; parentId: number | null } | null;

interface QueueOptionNodeProps {
  option: QueueOptionRecord;
  /** The numbers a customer types to reach this option, e.g. "1.2". */
  path: string;
  editing: OptionEditing;
  onEditingChange: (editing: OptionEditing) => void;
  onCreate: (parentId: number | null, fields: QueueOptionFields) => Promise<unknown>;
  onUpdate: (option: QueueOptionRecord, fields: QueueOptionFields) => Promise<unknown>;
  onDelete: (option: QueueOptionRecord) => void;
}

/** One option of the menu, its inline editor, and its sub-options below it. */
export function QueueOptionNode(props: QueueOptionNodeProps) {
  const { option, path, editing, onEditingChange, onCreate, onUpdate, onDelete } = props;
  const { t } = useTranslation('queues');
  const isEditing = editing?.kind === 'edit' && editing.id === option.id;
  const isAddingChild = editing?.kind === 'add' && editing.parentId === option.id;
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-testid="queue-option" data-title={option.title}>
      {isEditing ? (
        <QueueOptionForm
          initial={option}
          onSave={(fields) => onUpdate(option, fields)}
          onCancel={() => onEditingChange(null)}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.75 }}>
          <Box
            sx={{
              minWidth: 32,
              px: 0.75,
              height: 24,
              borderRadius: 1,
              bgcolor: 'action.selected',
              display: 'grid',
              placeItems: 'center',
              fontSize: 13,
              fontWeight: 600,
              flexShrink: 0,
            }}
            data-testid="queue-option-path"
          >
            {path}
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {option.title}
            </Typography>
            {option.message && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.message}
              </Typography>
            )}
          </Box>
          <Tooltip title={t('options.addChild')}>
            <IconButton
              size="small"
              aria-label={t('options.addChildOf', { title: option.title })}
              onClick={() => onEditingChange({ kind: 'add', parentId: option.id })}
              data-testid="queue-option-add-child"
            >
              <AddIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('options.edit')}>
            <IconButton
              size="small"
              aria-label={t('options.editOf', { title: option.title })}
              onClick={() => onEditingChange({ kind: 'edit', id: option.id })}
              data-testid="queue-option-edit"
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('options.delete')}>
            <IconButton
              size="small"
              aria-label={t('options.deleteOf', { title: option.title })}
              onClick={() => onDelete(option)}
              data-testid="queue-option-delete"
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
      {(option.children.length > 0 || isAddingChild) && (
        <Box component="ul" sx={{ m: 0, pl: { xs: 1.5, sm: 2.5 }, ml: 1.5, borderLeft: 2, borderColor: 'divider' }}>
          {option.children.map((child) => (
            <QueueOptionNode key={child.id} {...props} option={child} path={`${path}.${child.option}`} />
          ))}
          {isAddingChild && (
            <Box component="li" sx={{ listStyle: 'none' }}>
              <QueueOptionForm
                initial={{ option: nextOptionNumber(option.children), title: '', message: '' }}
                onSave={(fields) => onCreate(option.id, fields)}
                onCancel={() => onEditingChange(null)}
              />
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
