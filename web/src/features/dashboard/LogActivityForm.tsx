import { offeredActivities } from '@fit/shared/activity-preferences';
import { findActivity } from '@fit/shared/catalogue';
import { ALERT_FETCH_AVAILABLE_ACTIVITIES, ALERT_LOG_ACTIVITY } from '@fit/shared/messages';
import type { ActivityRecord } from '@fit/shared/model';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type FormEvent, memo, useEffect, useMemo, useState } from 'react';
import { DateTimeInput, type WhenValue, whenToTimestamp } from '../../components/DateTimeInput.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { logActivity } from '../../data/activities.ts';
import { useRequiredUser } from '../../data/context.tsx';
import { recall, remember } from '../../data/device-memory.ts';
import { keys } from '../../data/queries.ts';
import { useSave } from '../../data/save.ts';
import { useUnits } from '../../data/units.ts';
import { ActivityAutocomplete } from './ActivityAutocomplete.tsx';
import {
  ActivityFields,
  type ActivityInputs,
  EMPTY_INPUTS,
  fieldsGrid,
  inputsFor,
  typedSets,
} from './ActivityFields.tsx';
import { validateActivityInUnits } from './activity-units.ts';

// The inputs the form showed last time (only the field names), so that its placeholder has the
// form's height: a form that grows when its data arrives moves every card below it.
function rememberedFields(uid: string): string[] {
  const saved = recall('logFields', uid)
    ?.split(',')
    .filter((f) => INPUT_NAMES.includes(f));
  return saved?.length ? saved : ['time'];
}
const INPUT_NAMES = ['count', 'time', 'weightLifted', 'distance'];

/** The form's shape while its data loads: picker, inputs, calories line, date and its hint. */
function FormPlaceholder({ fields }: { fields: readonly string[] }) {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="rounded" height={56} />
      <Box sx={fieldsGrid(fields.length)}>
        {fields.map((field) => (
          <Skeleton key={field} variant="rounded" height={56} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={22} width="60%" />
      <Box>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={20} width="70%" sx={{ mt: '3px' }} />
      </Box>
    </Stack>
  );
}

export interface LogFormProps {
  weight: number | undefined;
  /** The most recently logged activity: the picker starts there. */
  lastActivityType: string | undefined;
  /** Whether the recent activities were read (or failed): until then the form keeps its placeholder. */
  lastActivityKnown: boolean;
  /** The saved activity selection (undefined while it loads). */
  saved: string[] | undefined;
  savedFailed: boolean;
}

export const LogForm = memo(function LogActivityForm(props: LogFormProps) {
  const { uid } = useRequiredUser();
  const { saved, savedFailed } = props;
  const offered = useMemo(
    () => (savedFailed ? [] : saved ? offeredActivities(saved) : null),
    [savedFailed, saved],
  );
  const [activityType, setActivityType] = useState<string | null>(null);
  const [values, setValues] = useState<ActivityInputs>(EMPTY_INPUTS);
  const units = useUnits();
  // When it happened: null is the time of the save.
  const [when, setWhen] = useState<WhenValue>(null);
  const log = useSave({
    save: ({ store }, record: ActivityRecord) => logActivity(store, uid, record),
    failure: ALERT_LOG_ACTIVITY,
    success: (_id, record) => `${record.activityType} logged. Nice work!`,
    rereads: (id) => [keys.activities(id)],
    onSaved: () => {
      setValues(EMPTY_INPUTS);
      setWhen(null);
    },
    log: 'Activity log failed',
  });
  const { busy, status, setStatus } = log;

  // Start on the last activity logged when offered, else the first offered; follow the last logged
  // one until the person picks (or types), as it may arrive after the offered list. Worked out
  // while rendering, not in an effect, which drew the whole form a second time.
  const [picked, setPicked] = useState(false);
  const basis = { offered, last: props.lastActivityType, picked };
  const [seen, setSeen] = useState<typeof basis | null>(null);
  if (!seen || seen.offered !== offered || seen.last !== basis.last || seen.picked !== picked) {
    setSeen(basis);
    if (offered && offered.length > 0) {
      setActivityType((current) => {
        if (!picked && basis.last && offered.includes(basis.last)) return basis.last;
        // Once picked (or cleared while typing), the person's choice stands while it is offered.
        if (picked && current === null) return null;
        return current && offered.includes(current) ? current : (offered[0] ?? null);
      });
    }
  }

  // The success message goes after a while; an error stays until the next edit.
  useEffect(() => {
    if (status?.kind !== 'success') return;
    const timer = setTimeout(() => setStatus(null), 4000);
    return () => clearTimeout(timer);
  }, [status, setStatus]);

  const activity = activityType ? findActivity(activityType) : undefined;
  // Shown once it knows its first activity, so that it does not change shape after its first paint;
  // then it stays (the person may clear the picker while typing).
  const [ready, setReady] = useState(false);
  if (
    !ready &&
    offered !== null &&
    (offered.length === 0 || (props.lastActivityKnown && activity !== undefined))
  )
    setReady(true);
  const [placeholderFields] = useState(() => rememberedFields(uid));
  useEffect(() => {
    if (activity) remember('logFields', uid, inputsFor(activity).join(','));
  }, [uid, activity]);

  // An edit clears an error; a success message stays until its timer.
  const clearingError =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (status?.kind === 'error') setStatus(null);
    };

  function submit(e: FormEvent) {
    e.preventDefault();
    const now = Date.now();
    const checked = validateActivityInUnits(units, {
      userId: uid,
      activityType: activityType ?? '',
      ...values,
      sets: typedSets(activity, values),
      timestamp: whenToTimestamp(when, now),
      now,
    });
    if (!checked.ok) {
      setStatus({ kind: 'error', message: checked.message, field: checked.field });
      return;
    }
    log.run(checked.value);
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2.5 }} aria-label="Log activity">
      {savedFailed && <LoadFailed message={ALERT_FETCH_AVAILABLE_ACTIVITIES} />}
      {!ready ? (
        <FormPlaceholder fields={placeholderFields} />
      ) : (
        <Stack spacing={2}>
          <ActivityAutocomplete
            options={offered ?? []}
            value={activityType}
            onChange={(name) => {
              setActivityType(name);
              setPicked(true);
              setStatus(null);
            }}
            // Typing is choosing: a newer activity arriving meanwhile must not replace the search.
            onType={() => setPicked(true)}
            disabled={busy}
          />
          <ActivityFields
            idPrefix="log"
            activity={activity}
            values={values}
            onChange={clearingError(setValues)}
            weight={props.weight}
            disabled={busy}
            errorField={status?.field}
          />
          <DateTimeInput
            id="log-when"
            value={when}
            onChange={clearingError(setWhen)}
            disabled={busy}
            error={status?.field === 'timestamp'}
            allowNow
          />
        </Stack>
      )}
      <StatusAlert status={status} sx={{ mt: 1.5 }} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        startIcon={<Add />}
        disabled={busy || !activity}
        sx={{ mt: 2 }}
      >
        Log
      </Button>
    </Box>
  );
});
