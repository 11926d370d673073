/** Weekly minutes or calories of the last 12 weeks. */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { dateOf } from './HeatMap.tsx';

const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

const weekLabel = (weekStart: string) => shortDate.format(dateOf(weekStart));

export function WeeklyChart(props: {
  weeks: readonly { weekStart: string; minutes: number; calories: number }[];
  metric: 'minutes' | 'calories';
}) {
  const theme = useTheme();
  const label = props.metric === 'minutes' ? 'Minutes' : 'Calories';
  const values = props.weeks.map((w) => w[props.metric]);
  const summary = props.weeks.map((w) => `week of ${weekLabel(w.weekStart)}: ${w[props.metric]}`).join(', ');
  return (
    <Box
      sx={{ width: '100%', height: 200 }}
      role="img"
      aria-label={`${label} per week, last 12 weeks: ${summary}`}
      data-this-week={values.at(-1)}
    >
      <BarChart
        height={200}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: props.weeks.map((w) => weekLabel(w.weekStart)) }]}
        // Whole numbers only; with no data yet the axis runs 0-10 (d3 drew 0.0-1.0 for all zeros).
        yAxis={[{ width: 44, tickMinStep: 1, ...(values.every((v) => v === 0) && { max: 10 }) }]}
        series={[
          {
            data: values,
            label,
            color:
              props.metric === 'minutes' ? theme.vars.palette.info.main : theme.vars.palette.secondary.main,
          },
        ]}
        hideLegend
      />
    </Box>
  );
}
