import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ScheduleRecord } from '@wacrm/shared/schedules/schedule.schema';
import { wallClockOf } from '@wacrm/shared/schedules/wall-clock';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Calendar, type EventProps, type View, Views } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import {
  calendarCulture,
  calendarLocalizer,
  dayFirstRange,
  formatCalendarDate,
} from '../../../lib/calendar-localizer.ts';
import { scheduleStateText } from '../model/schedule-state.ts';
import { calendarSx } from './calendar-style.ts';

/** A schedule is an instant: its time, not the block drawn for it. */
const startOnly = ({ start }: { start: Date }, culture?: string) => formatCalendarDate(start, 'HH:mm', culture);
const desktopFormats = {
  agendaTimeRangeFormat: startOnly,
  eventTimeRangeFormat: startOnly,
  agendaHeaderFormat: dayFirstRange,
};

/** Narrow columns: weekday initials in the month, short dates in the agenda. */
const phoneFormats = {
  ...desktopFormats,
  weekdayFormat: (date: Date, culture?: string) => formatCalendarDate(date, 'EEEEEE', culture),
  agendaDateFormat: (date: Date, culture?: string) => formatCalendarDate(date, 'EEE dd/MM', culture),
};

interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  schedule: ScheduleRecord;
}

interface SchedulesCalendarProps {
  schedules: ScheduleRecord[];
  /** The company's time zone: the calendar shows its wall clock, as the dialog does. */
  timeZone: string;
  onEdit: (schedule: ScheduleRecord) => void;
  onDelete: (schedule: ScheduleRecord) => void;
}

const EventHandlers = createContext<Pick<SchedulesCalendarProps, 'onEdit' | 'onDelete'>>({
  onEdit: () => undefined,
  onDelete: () => undefined,
});

/** One schedule in the calendar: the contact's name (and its state once due) with edit and delete. */
function ScheduleEvent({ event }: EventProps<CalendarEvent>) {
  const { t, i18n } = useTranslation('schedules');
  const { onEdit, onDelete } = useContext(EventHandlers);
  const { schedule } = event;
  const state = scheduleStateText(i18n, schedule);
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="schedule-event">
      <Typography
        variant="caption"
        noWrap
        sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}
        title={[schedule.body || schedule.templateName, state].filter(Boolean).join('\n')}
        data-state={schedule.status}
      >
        {schedule.contact.name}
        {state && ` · ${state}`}
      </Typography>
      <Stack direction="row" className="schedule-event-actions">
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
    </Stack>
  );
}

/** The calendar lays out local dates: a date whose local clock reads the company's at `moment`. */
function onCompanyClock(moment: Date, timeZone: string) {
  const clock = wallClockOf(moment, timeZone);
  return new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
}

/** Month, week, day and agenda of the scheduled messages; each shows the contact with edit and delete. */
export function SchedulesCalendar({ schedules, timeZone, onEdit, onDelete }: SchedulesCalendarProps) {
  const { t, i18n } = useTranslation('schedules');
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [view, setView] = useState<View>(isPhone ? Views.AGENDA : Views.MONTH);
  // Crossing the phone width picks that width's view (the month is unreadable at 390 px).
  useEffect(() => setView(isPhone ? Views.AGENDA : Views.MONTH), [isPhone]);
  // "Today" is the company's too: between the browser's midnight and the company's, the browser's
  // today would leave the company's today (and its schedules) out of the agenda.
  const companyNow = useCallback(() => onCompanyClock(new Date(), timeZone), [timeZone]);
  const [date, setDate] = useState(companyNow);
  useEffect(() => setDate(companyNow()), [companyNow]);
  const events = useMemo<CalendarEvent[]>(
    () =>
      schedules.map((schedule) => {
        const start = onCompanyClock(new Date(schedule.sendAt), timeZone);
        return { title: schedule.contact.name, start, end: new Date(start.getTime() + 15 * 60_000), schedule };
      }),
    [schedules, timeZone],
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
          localizer={calendarLocalizer}
          culture={calendarCulture(i18n.language)}
          events={events}
          view={view}
          onView={setView}
          date={date}
          getNow={companyNow}
          onNavigate={setDate}
          views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
          messages={messages}
          popup
          components={{ event: ScheduleEvent }}
          eventPropGetter={(event) => ({
            className: `schedule-${event.schedule.status}`,
          })}
          onSelectEvent={(event) => onEdit(event.schedule)}
          formats={isPhone ? phoneFormats : desktopFormats}
          style={{ height: 500 }}
        />
      </Box>
    </EventHandlers.Provider>
  );
}
