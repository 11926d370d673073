// Two panels on one real time axis, so BMI (which moves with weight) never hides under the weight
// line; screen readers get a summary and a table instead.
import { bmi } from '@fit/shared/formulas';
import { displayValue, type UnitSystem, unitLabel } from '@fit/shared/units';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { visuallyHidden } from '@mui/utils';
import { LineChart } from '@mui/x-charts/LineChart';
import type { StoredWeight } from '../../data/weights.ts';
import { timeAxis } from './chart-axis.ts';
import { formatDateTime, formatOneDecimal, formatWeight } from './format.ts';

interface Point {
  t: number;
  weight: number;
  bmi: number | null;
}

/** Oldest first, weight in the viewer's unit, BMI to a tenth. */
function chartPoints(records: readonly StoredWeight[], height: number, units: UnitSystem): Point[] {
  return [...records]
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((r) => {
      const v = bmi(r.weight, height);
      return {
        t: r.timestamp,
        weight: displayValue('bodyWeight', r.weight, units),
        bmi: v === null ? null : Math.round(v * 10) / 10,
      };
    });
}

/** One sentence for screen readers: first and last weigh-in, weight and BMI. */
function chartSummary(points: readonly Point[], units: UnitSystem): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return '';
  const unit = unitLabel('bodyWeight', units);
  const bmiPart =
    first.bmi !== null && last.bmi !== null
      ? `; BMI from ${formatOneDecimal(first.bmi)} to ${formatOneDecimal(last.bmi)}`
      : '';
  return (
    `${points.length} weigh-ins from ${formatDateTime(first.t)} to ${formatDateTime(last.t)}: ` +
    `weight from ${formatWeight(first.weight)} ${unit} to ${formatWeight(last.weight)} ${unit}${bmiPart}.`
  );
}

const MARKS_UP_TO = 40;

export function WeightChart(props: { records: readonly StoredWeight[]; height: number; units: UnitSystem }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const points = chartPoints(props.records, props.height, props.units);
  const unit = unitLabel('bodyWeight', props.units);
  const axis = timeAxis(
    points.map((p) => p.t),
    narrow ? 3 : 6,
  );
  const xAxis = [
    {
      scaleType: 'time' as const,
      data: points.map((p) => new Date(p.t)),
      min: new Date(axis.min),
      max: new Date(axis.max),
      tickInterval: axis.ticks.map((t) => new Date(t)),
      valueFormatter: (d: Date, ctx: { location: string }) =>
        ctx.location === 'tick' ? axis.label(d.getTime()) : formatDateTime(d.getTime()),
    },
  ];
  const showMark = points.length <= MARKS_UP_TO;
  return (
    <Box
      component="figure"
      sx={{ m: 0, width: '100%', position: 'relative' }}
      aria-labelledby="weight-chart-summary"
    >
      <Typography component="figcaption" id="weight-chart-summary" sx={visuallyHidden}>
        {chartSummary(points, props.units)}
      </Typography>
      {/* Weight and BMI: one line each over the same time axis. */}
      {[
        {
          title: `Weight (${unit})`,
          id: 'weight' as const,
          height: 190,
          data: points.map((p) => p.weight),
          axisText: formatWeight,
          valueText: (v: number) => `${formatWeight(v)} ${unit}`,
        },
        {
          title: 'BMI',
          id: 'bmi' as const,
          height: 140,
          data: points.map((p) => p.bmi),
          axisText: formatOneDecimal,
          valueText: formatOneDecimal,
          // Dashed: told apart from the weight line without colour.
          sx: { '& [data-series="bmi"]': { strokeDasharray: '6 4' } },
        },
      ].map((line) => (
        <Box key={line.id} aria-hidden="true">
          <Typography
            variant="caption"
            color="textSecondary"
            sx={{ fontWeight: 600, display: 'block', ml: 1 }}
          >
            {line.title}
          </Typography>
          <LineChart
            height={line.height}
            margin={{ left: 4, right: 12, top: 8, bottom: 4 }}
            xAxis={xAxis}
            yAxis={[{ width: 48, valueFormatter: (v: number) => line.axisText(v) }]}
            series={[
              {
                id: line.id,
                label: line.title,
                data: line.data,
                color: theme.vars.palette.chart[line.id],
                curve: 'linear',
                showMark,
                valueFormatter: (v) => (v === null ? '' : line.valueText(v)),
              },
            ]}
            grid={{ horizontal: true }}
            sx={line.sx}
            hideLegend
            // Hidden from assistive tech (the figcaption says it all): no tab stop inside it either (axe aria-hidden-focus).
            disableKeyboardNavigation
          />
        </Box>
      ))}
      {/* The text alternative: every point, for screen readers (the panels above are hidden from them). */}
      <Box component="table" sx={visuallyHidden}>
        <caption>Weight records</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Weight ({unit})</th>
            <th scope="col">BMI</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: points are a fixed, time-ordered list
            <tr key={i}>
              <td>{formatDateTime(p.t)}</td>
              <td>{formatWeight(p.weight)}</td>
              <td>{p.bmi === null ? '' : formatOneDecimal(p.bmi)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
