import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import {
  type TicketNoteFields,
  type TicketNoteRecord,
  ticketNoteFieldsSchema,
} from '@wacrm/shared/ticket-notes/ticket-note.schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { TextLineSkeleton } from '../../../components/ui/text-line-skeleton.tsx';
import { notifyError } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { translateValidation } from '../../../lib/validation-message.ts';
import { useSessionUser } from '../../auth/index.ts';
import { ticketNotesApi, ticketNotesKeys } from '../api/ticket-notes-api.ts';

export interface ContactNotesProps {
  ticketId: number;
  contactId: number;
  /** Off inside the notes modal, whose title already says it. */
  showTitle?: boolean;
}

const noteOnly = ticketNoteFieldsSchema.pick({ note: true });

/** spec "contact notes": the ticket's notes on its contact, with author and date; add (2+ characters) and delete. */
export function ContactNotes({ ticketId, contactId, showTitle = true }: ContactNotesProps) {
  const { t } = useTranslation('ticket-notes');
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const key = ticketNotesKeys.list(session.companyId, contactId, ticketId);
  const notes = useQuery({ queryKey: key, queryFn: () => ticketNotesApi.list(contactId, ticketId) });
  const [deleting, setDeleting] = useState<TicketNoteRecord | null>(null);
  const [isDeleteBusy, setDeleteBusy] = useState(false);
  const isAdmin = hasPermission(session, 'drawer-admin-items:view');
  const { register, handleSubmit, reset, formState } = useForm<Pick<TicketNoteFields, 'note'>>({
    resolver: zodResolver(noteOnly),
    defaultValues: { note: '' },
  });

  const handleAdd = async ({ note }: Pick<TicketNoteFields, 'note'>) => {
    try {
      const created = await ticketNotesApi.create({ note, ticketId, contactId });
      queryClient.setQueryData<TicketNoteRecord[]>(key, (list) => [created, ...(list ?? [])]);
      reset({ note: '' });
      toast.success(t('added'));
    } catch (error) {
      notifyError(error);
    }
  };

  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await ticketNotesApi.remove(deleting.id);
      queryClient.setQueryData<TicketNoteRecord[]>(key, (list) => list?.filter((note) => note.id !== deleting.id));
      toast.success(t('deleted'));
      setDeleting(null);
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <Stack spacing={1.5} data-testid="contact-notes">
      {showTitle && <Typography variant="subtitle2">{t('title')}</Typography>}
      <Stack component="form" noValidate spacing={1} onSubmit={handleSubmit(handleAdd)}>
        <TextField
          {...register('note')}
          placeholder={t('placeholder')}
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          fullWidth
          error={!!formState.errors.note}
          helperText={translateValidation(formState.errors.note?.message)}
          slotProps={{ htmlInput: { 'aria-label': t('placeholder'), 'data-testid': 'note-input' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="small"
          loading={formState.isSubmitting}
          sx={{ alignSelf: 'flex-end' }}
          data-testid="note-save"
        >
          {t('save')}
        </Button>
      </Stack>
      {/* The height of the empty text, what most contacts' notes turn out to be: the drawer's schedules
          below do not move as the notes land, maybe under the user's click. */}
      {notes.isLoading && <TextLineSkeleton label={t('loading')} />}
      {notes.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="notes-empty">
          {t('empty')}
        </Typography>
      )}
      <List dense disablePadding>
        {notes.data?.map((note) => (
          <ListItem
            key={note.id}
            disableGutters
            alignItems="flex-start"
            data-testid="note-item"
            secondaryAction={
              (note.userId === session.id || isAdmin) && (
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t('delete')}
                  onClick={() => setDeleting(note)}
                  data-testid="note-delete"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              )
            }
          >
            <ListItemText
              primary={note.note}
              secondary={`${note.user?.name ?? t('unknownAuthor')} · ${formatDateTime(note.createdAt)}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title')}
        confirmLabel={t('delete')}
        isBusy={isDeleteBusy}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
}
