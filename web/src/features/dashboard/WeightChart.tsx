/** Weight and BMI over time (loaded on demand: the charts library is only fetched when shown). */
import { bmi } from '@fit/shared/formulas';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import type { StoredWeight } from '../../data/weights.ts';
import { formatDate, formatOneDecimal, formatShortDate, formatWeight } from './format.ts';

export default function WeightChart(props: { records: readonly StoredWeight[]; height: number }) {
  const theme = useTheme();
  // Oldest first, for a left-to-right timeline.
  const points = [...props.records].sort((a, b) => a.timestamp - b.timestamp);
  const dates = points.map((p) => new Date(p.timestamp));
  const weights = points.map((p) => p.weight);
  const bmis = points.map((p) => {
    const v = bmi(p.weight, props.height);
    return v === null ? null : Math.round(v * 10) / 10;
  });
  return (
    <Box sx={{ width: '100%', height: 280 }} role="img" aria-label="Weight and BMI over time">
      <LineChart
        height={280}
        margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'time',
            data: dates,
            valueFormatter: (d: Date, ctx) =>
              ctx.location === 'tick' ? formatShortDate(d.getTime()) : formatDate(d.getTime()),
          },
        ]}
        yAxis={[
          { id: 'weight', label: 'Weight (lbs)', width: 64 },
          { id: 'bmi', label: 'BMI', position: 'right', width: 64 },
        ]}
        series={[
          {
            id: 'weight',
            label: 'Weight (lbs)',
            data: weights,
            yAxisId: 'weight',
            color: theme.palette.chart.weight,
            curve: 'monotoneX',
            showMark: points.length <= 40,
            valueFormatter: (v) => (v === null ? '' : `${formatWeight(v)} lbs`),
          },
          {
            id: 'bmi',
            label: 'BMI',
            data: bmis,
            yAxisId: 'bmi',
            color: theme.palette.chart.bmi,
            curve: 'monotoneX',
            showMark: points.length <= 40,
            valueFormatter: (v) => (v === null ? '' : formatOneDecimal(v)),
          },
        ]}
        grid={{ horizontal: true }}
        sx={{ '& [data-series="bmi"]': { strokeDasharray: '6 4' } }}
        slotProps={{
          legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } },
        }}
      />
    </Box>
  );
}
