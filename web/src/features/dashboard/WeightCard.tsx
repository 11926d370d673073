import { isKnownMeasure } from '@fit/shared/formulas';
import { ALERT_LOG_WEIGHT } from '@fit/shared/messages';
import type { WeightRecord } from '@fit/shared/model';
import MonitorWeightOutlined from '@mui/icons-material/MonitorWeightOutlined';
import ShowChart from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ChartArea } from '../../components/ChartArea.tsx';
import { DateTimeInput, type WhenValue, whenToTimestamp } from '../../components/DateTimeInput.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ShowAllButton } from '../../components/ShowAllButton.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { keys } from '../../data/queries.ts';
import { useSave } from '../../data/save.ts';
import { useUnits } from '../../data/units.ts';
import { logWeight, RECENT_WEIGHTS, type StoredWeight } from '../../data/weights.ts';
import type { Popup } from './DashboardDialogs.tsx';
import { ROWS_LOADING } from './RecentActivitiesCard.tsx';
import { checkWeightForm, WeightInput } from './WeightInput.tsx';
import { WeightList } from './WeightList.tsx';

// The charts library (two thirds of /user's code) in a chunk of its own, off the first paint's way.
const WeightChart = lazy(() => import('./WeightChart.tsx').then((m) => ({ default: m.WeightChart })));

/** Log a weight, see the latest 5, open any record, and the weight + BMI chart. */
export function WeightCard(props: {
  /** Newest first. */
  records: StoredWeight[];
  loaded: boolean;
  error: string | null;
  height: number | undefined;
  onOpen: (record: StoredWeight) => void;
  onShow: (popup: Popup) => void;
}) {
  const units = useUnits();
  const [weight, setWeight] = useState('');
  const [when, setWhen] = useState<WhenValue>(null);
  const log = useSave({
    // The records shown say which one is the newest (no read before the write: weights.ts).
    save: ({ store, uid }, record: WeightRecord) =>
      logWeight(store, uid, record, props.loaded && !props.error ? props.records : undefined),
    failure: ALERT_LOG_WEIGHT,
    rereads: (uid) => [keys.weights(uid)],
    onSaved: () => {
      setWeight('');
      setWhen(null);
    },
    log: 'Weight log failed',
  });
  const { busy, status, setStatus } = log;
  const latest = props.records.slice(0, RECENT_WEIGHTS);

  function submit(e: FormEvent) {
    e.preventDefault();
    const now = Date.now();
    const checked = checkWeightForm({ text: weight, units, timestamp: whenToTimestamp(when, now), now });
    if (!checked.ok) {
      setStatus({ kind: 'error', message: checked.message, field: checked.field });
      return;
    }
    log.run(checked.value);
  }

  const chart = props.records.length >= 2 && isKnownMeasure(props.height); // BMI needs the height
  return (
    <SectionCard
      title="Weight Tracking"
      action={<ShowAllButton onClick={() => props.onShow('allWeights')} />}
    >
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <div>
          <Box component="form" onSubmit={submit} noValidate aria-label="Log weight">
            <Stack direction="row" spacing={1.25}>
              <WeightInput
                label="Weight"
                value={weight}
                onChange={log.edit(setWeight)}
                error={status?.field === 'weight'}
                disabled={busy}
                size="small"
              />
              <Button type="submit" variant="contained" disabled={busy} sx={{ flexShrink: 0 }}>
                Log
              </Button>
            </Stack>
            <DateTimeInput
              id="weight-when"
              value={when}
              onChange={log.edit(setWhen)}
              disabled={busy}
              error={status?.field === 'timestamp'}
              size="small"
              allowNow
              sx={{ mt: 1.5 }}
            />
          </Box>
          <StatusAlert status={status} sx={{ mt: 1.5 }} />
          {props.error && <LoadFailed message={props.error} sx={{ mt: 1.5 }} />}
          <Box sx={{ mt: 2 }}>
            {!props.loaded ? (
              ROWS_LOADING
            ) : latest.length === 0 ? (
              !props.error && (
                <Box sx={{ textAlign: 'center', py: 3 }}>
                  <MonitorWeightOutlined sx={{ color: 'primary.main', fontSize: 36, mb: 0.5 }} />
                  <Typography sx={{ fontWeight: 600 }}>No weigh-ins yet</Typography>
                  <Typography variant="body2" color="textSecondary">
                    Log your weight to track your trend and personalise your calories.
                  </Typography>
                </Box>
              )
            ) : (
              <WeightList
                label="Latest weight records"
                records={latest}
                before={props.records[RECENT_WEIGHTS]}
                onOpen={props.onOpen}
                units={units}
              />
            )}
          </Box>
        </div>
        {chart ? (
          <Box data-testid="weight-chart" sx={{ minWidth: 0 }}>
            <ChartArea height={280}>
              <WeightChart records={props.records} height={props.height as number} units={units} />
            </ChartArea>
          </Box>
        ) : (
          props.loaded &&
          props.records.length >= 2 && (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 1.5,
                borderRadius: '10px',
                bgcolor: 'background.default',
                color: 'text.secondary',
              }}
            >
              <ShowChart />
              <Typography variant="body2">
                Add your height on the{' '}
                <Link component={RouterLink} to="/account" underline="always">
                  Account page
                </Link>{' '}
                to see your weight and BMI chart.
              </Typography>
            </Box>
          )
        )}
      </Box>
    </SectionCard>
  );
}
