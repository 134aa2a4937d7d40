import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TaskRow } from '../components/task-row.tsx';
import { addTask, editTask, loadTasks, removeTask, saveTasks, type Task, toggleTask } from '../model/task-storage.ts';

/** spec: a personal to-do list kept in this browser only; blank input is ignored. */
export function TodolistPage() {
  const { t } = useTranslation('todolist');
  const [tasks, setTasks] = useState<readonly Task[]>(() => loadTasks());
  const [text, setText] = useState('');

  const update = (next: readonly Task[]) => {
    setTasks(next);
    saveTasks(next);
  };
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    update(addTask(tasks, text));
    setText('');
  };
  const doneCount = tasks.filter((task) => task.isDone).length;

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" onSubmit={handleAdd} direction="row" spacing={1} noValidate>
          <TextField
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('placeholder')}
            size="small"
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { 'aria-label': t('placeholder'), maxLength: 500, 'data-testid': 'task-input' } }}
          />
          <Button type="submit" variant="contained" disabled={!text.trim()} data-testid="task-add">
            {t('add')}
          </Button>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('localOnly')}
        </Typography>
      </Paper>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'center', py: 6, px: 2, textAlign: 'center' }} data-testid="tasks-empty">
            <ChecklistOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
            <Typography color="text.secondary">{t('empty')}</Typography>
          </Stack>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
              {t('progress', { done: doneCount, total: tasks.length })}
            </Typography>
            <List data-testid="task-list" sx={{ '& > li:last-of-type': { borderBottom: 0 } }}>
              {tasks.map((task) => (
                <TaskRow
                  key={task.id}
                  task={task}
                  onToggle={(id) => update(toggleTask(tasks, id))}
                  onEdit={(id, value) => update(editTask(tasks, id, value))}
                  onDelete={(id) => update(removeTask(tasks, id))}
                />
              ))}
            </List>
          </>
        )}
      </Paper>
    </Stack>
  );
}
