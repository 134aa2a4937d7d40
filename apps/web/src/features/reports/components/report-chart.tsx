import { useTheme } from '@mui/material/styles';
import type { ReportFigure, ReportSeriesPoint } from '@wacrm/shared/reports/reports.schema';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

interface ReportChartProps {
  series: ReportSeriesPoint[];
  figures: readonly ReportFigure[];
  labelOf: (figure: ReportFigure) => string;
}

/** The report's figures over the period, one bar group per bucket (no animation: filters redraw it). */
export function ReportChart({ series, figures, labelOf }: ReportChartProps) {
  const theme = useTheme();
  const palette = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.warning.main];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={theme.palette.divider} vertical={false} />
        <XAxis
          dataKey="bucket"
          tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          tickLine={false}
          minTickGap={12}
        />
        <YAxis
          allowDecimals={false}
          tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          contentStyle={{
            background: theme.palette.background.paper,
            border: `1px solid ${theme.palette.divider}`,
            borderRadius: 8,
            color: theme.palette.text.primary,
          }}
          cursor={{ fill: theme.palette.action.hover }}
        />
        <Legend wrapperStyle={{ color: theme.palette.text.secondary, fontSize: 12 }} />
        {figures.map((figure, index) => (
          <Bar
            key={figure}
            dataKey={figure}
            name={labelOf(figure)}
            fill={palette[index % palette.length]}
            radius={[4, 4, 0, 0]}
            maxBarSize={32}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
