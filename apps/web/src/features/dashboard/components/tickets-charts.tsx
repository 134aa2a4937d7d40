import { useTheme } from '@mui/material/styles';
import type { TicketsByDayAnswer, TicketsByUserAnswer } from '@wacrm/shared/dashboard/dashboard.schema';
// No animation: the live refresh would replay it every few seconds.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

function useChartColors() {
  const theme = useTheme();
  return {
    grid: theme.palette.divider,
    axis: theme.palette.text.secondary,
    tooltip: {
      contentStyle: {
        background: theme.palette.background.paper,
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: 8,
        color: theme.palette.text.primary,
      },
      cursor: { fill: theme.palette.action.hover },
    },
    // Charts use the brand's primary only; green stays for statuses.
    primary: theme.palette.primary.main,
  };
}

/** Bar per attendant: tickets created in the period that the attendant holds. */
export function TicketsByUserChart({ series, label }: { series: TicketsByUserAnswer; label: string }) {
  const colors = useChartColors();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={series.data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={colors.grid} vertical={false} />
        <XAxis dataKey="name" tick={{ fill: colors.axis, fontSize: 12 }} interval={0} tickLine={false} />
        <YAxis allowDecimals={false} tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={false} />
        <Tooltip {...colors.tooltip} />
        <Bar
          dataKey="count"
          name={label}
          fill={colors.primary}
          radius={[6, 6, 0, 0]}
          maxBarSize={56}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Tickets created per day, or per hour when the period is one day. */
export function TicketsByDayChart({
  series,
  label,
  formatDay,
}: {
  series: TicketsByDayAnswer;
  label: string;
  formatDay: (bucket: string) => string;
}) {
  const colors = useChartColors();
  const format = series.unit === 'day' ? formatDay : (bucket: string) => bucket;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={series.data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={colors.grid} vertical={false} />
        <XAxis
          dataKey="bucket"
          tickFormatter={format}
          tick={{ fill: colors.axis, fontSize: 12 }}
          tickLine={false}
          minTickGap={12}
        />
        <YAxis allowDecimals={false} tick={{ fill: colors.axis, fontSize: 12 }} tickLine={false} axisLine={false} />
        <Tooltip {...colors.tooltip} labelFormatter={(value) => format(String(value))} />
        <Bar
          dataKey="count"
          name={label}
          fill={colors.primary}
          radius={[4, 4, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
