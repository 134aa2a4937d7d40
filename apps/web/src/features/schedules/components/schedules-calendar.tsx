import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScheduleRecord } from '@wacrm/shared/schedules/schedule.schema';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { createContext, useContext, useMemo, useState } from 'react';
import { Calendar, dateFnsLocalizer, type EventProps, type View, Views } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { calendarSx } from './calendar-style.ts';

const locales = { 'pt-BR': ptBR, en: enUS, es };
const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales });

/** spec: the calendar's locale comes from the interface language, `pt` becoming pt-BR. */
export const calendarCulture = (language: string) =>
  language.startsWith('pt') ? 'pt-BR' : language.startsWith('es') ? 'es' : 'en';

interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  schedule: ScheduleRecord;
}

interface SchedulesCalendarProps {
  schedules: ScheduleRecord[];
  onEdit: (schedule: ScheduleRecord) => void;
  onDelete: (schedule: ScheduleRecord) => void;
}

const EventHandlers = createContext<Pick<SchedulesCalendarProps, 'onEdit' | 'onDelete'>>({
  onEdit: () => undefined,
  onDelete: () => undefined,
});

/** One schedule in the calendar: the contact's name (and its state once sent) with edit and delete. */
function ScheduleEvent({ event }: EventProps<CalendarEvent>) {
  const { t } = useTranslation('schedules');
  const { onEdit, onDelete } = useContext(EventHandlers);
  const { schedule } = event;
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="schedule-event">
      <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 500 }} title={schedule.body}>
        {schedule.contact.name}
        {schedule.status !== 'pending' && ` · ${t(`status.${schedule.status}`)}`}
      </Typography>
      <IconButton
        size="small"
        color="inherit"
        aria-label={t('actions.edit')}
        onClick={(clicked) => {
          clicked.stopPropagation();
          onEdit(schedule);
        }}
        sx={{ p: 0.25 }}
        data-testid="schedule-event-edit"
      >
        <EditOutlined sx={{ fontSize: 14 }} />
      </IconButton>
      <IconButton
        size="small"
        color="inherit"
        aria-label={t('actions.delete')}
        onClick={(clicked) => {
          clicked.stopPropagation();
          onDelete(schedule);
        }}
        sx={{ p: 0.25 }}
        data-testid="schedule-event-delete"
      >
        <DeleteOutline sx={{ fontSize: 14 }} />
      </IconButton>
    </Stack>
  );
}

/** Month, week, day and agenda of the scheduled messages; each shows the contact with edit and delete. */
export function SchedulesCalendar({ schedules, onEdit, onDelete }: SchedulesCalendarProps) {
  const { t, i18n } = useTranslation('schedules');
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState(() => new Date());
  const events = useMemo<CalendarEvent[]>(
    () =>
      schedules.map((schedule) => {
        const start = new Date(schedule.sendAt);
        return { title: schedule.contact.name, start, end: new Date(start.getTime() + 15 * 60_000), schedule };
      }),
    [schedules],
  );
  const messages = useMemo(
    () => ({
      today: t('calendar.today'),
      previous: t('calendar.previous'),
      next: t('calendar.next'),
      month: t('calendar.month'),
      week: t('calendar.week'),
      day: t('calendar.day'),
      agenda: t('calendar.agenda'),
      date: t('calendar.date'),
      time: t('calendar.time'),
      event: t('calendar.event'),
      noEventsInRange: t('calendar.empty'),
      showMore: (count: number) => t('calendar.more', { count }),
    }),
    [t],
  );

  const handlers = useMemo(() => ({ onEdit, onDelete }), [onEdit, onDelete]);

  return (
    <EventHandlers.Provider value={handlers}>
      <Box sx={calendarSx(isPhone)} data-testid="schedules-calendar">
        <Calendar<CalendarEvent>
          localizer={localizer}
          culture={calendarCulture(i18n.language)}
          events={events}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
          messages={messages}
          popup
          components={{ event: ScheduleEvent }}
          eventPropGetter={(event) => ({
            className: `schedule-${event.schedule.status}`,
          })}
          onDoubleClickEvent={(event) => onEdit(event.schedule)}
          style={{ height: 500 }}
        />
      </Box>
    </EventHandlers.Provider>
  );
}
