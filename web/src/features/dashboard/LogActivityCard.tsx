import { findActivity } from '@fit/shared/catalogue';
import type { DailyGoal } from '@fit/shared/model';
import type { DocumentStore } from '@fit/shared/store';
import type { Totals } from '@fit/shared/totals';
import { validateActivityForm } from '@fit/shared/validation';
import Add from '@mui/icons-material/Add';
import FormatQuote from '@mui/icons-material/FormatQuote';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { logActivity } from '../../data/activities.ts';
import { offeredActivities, readActivityPreferences } from '../../data/preferences.ts';
import { ActivityFields, type ActivityInputs, ActivityPicker, EMPTY_INPUTS } from './ActivityFields.tsx';
import { GoalWidget } from './GoalWidget.tsx';
import { MSG } from './messages.ts';
import { quoteOfTheDay } from './quotes.ts';

/** The activities this user is offered (preferences; none saved = all). */
function useOfferedActivities(store: DocumentStore, uid: string) {
  const [offered, setOffered] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    readActivityPreferences(store, uid)
      .then((saved) => {
        if (live) setOffered(offeredActivities(saved));
      })
      .catch((e) => {
        console.error('Activity preferences fetch failed', e);
        if (live) {
          setError(MSG.fetchAvailableActivities);
          setOffered([]);
        }
      });
    return () => {
      live = false;
    };
  }, [store, uid]);
  return { offered, error };
}

export function LogActivityCard(props: {
  store: DocumentStore;
  uid: string;
  today: string;
  weight: number | undefined;
  /** The most recently logged activity: the select starts there. */
  lastActivityType: string | undefined;
  goal: DailyGoal | null;
  goalLoaded: boolean;
  todayTotals: Totals | null;
  onSetGoal: () => void;
  onShowMetValues: () => void;
  onLogged: () => void;
}) {
  const { offered, error: offeredError } = useOfferedActivities(props.store, props.uid);
  const [activityType, setActivityType] = useState<string | null>(null);
  const [values, setValues] = useState<ActivityInputs>(EMPTY_INPUTS);
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const quote = quoteOfTheDay(props.today);

  // Start on the last activity logged when it is offered, else the first one offered. Until the
  // person picks one, follow the last logged activity even when it arrives after the offered list
  // (the two load independently: keeping the first guess preselected a random activity).
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (!offered || offered.length === 0) return;
    setActivityType((current) => {
      // Once picked (or cleared while typing), the person's choice stands while it is offered.
      if (picked) return current === null || offered.includes(current) ? current : (offered[0] ?? null);
      const last = props.lastActivityType;
      if (last && offered.includes(last)) return last;
      return current && offered.includes(current) ? current : (offered[0] ?? null);
    });
  }, [offered, props.lastActivityType, picked]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), 4000);
    return () => clearTimeout(timer);
  }, [success]);

  const activity = activityType ? findActivity(activityType) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSuccess(null);
    const checked = validateActivityForm({
      userId: props.uid,
      activityType: activityType ?? '',
      count: values.count,
      time: values.time,
      weightLifted: values.weightLifted,
      timestamp: Date.now(),
    });
    if (!checked.ok) {
      setError({ message: checked.message, field: checked.field });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await logActivity(props.store, props.uid, checked.value);
      setValues(EMPTY_INPUTS);
      setSuccess(`${checked.value.activityType} logged. Nice work!`);
      props.onLogged();
    } catch (err) {
      console.error('Activity log failed', err);
      setError({ message: MSG.logActivity });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard
      title="Log Activity"
      action={
        <Button
          size="small"
          startIcon={<LocalFireDepartmentOutlined />}
          onClick={props.onShowMetValues}
          sx={{ whiteSpace: 'nowrap', mt: -0.5 }}
        >
          MET values
        </Button>
      }
    >
      <Box
        component="figure"
        sx={{
          m: 0,
          mb: 2.5,
          p: 2,
          borderRadius: '14px',
          color: '#fff',
          background: 'linear-gradient(135deg, #4338ca 0%, #6366f1 60%, #f97316 140%)',
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <FormatQuote
          sx={{ position: 'absolute', right: 8, top: 4, fontSize: 56, opacity: 0.18 }}
          aria-hidden
        />
        <Typography
          component="blockquote"
          sx={{ m: 0, fontWeight: 600, fontSize: '1.02rem', lineHeight: 1.45, pr: 4 }}
        >
          “{quote.text}”
        </Typography>
        <Typography component="figcaption" variant="body2" sx={{ mt: 0.75, opacity: 0.85 }}>
          — {quote.author}
        </Typography>
      </Box>

      <GoalWidget
        goal={props.goal}
        loaded={props.goalLoaded}
        today={props.todayTotals}
        onSetGoal={props.onSetGoal}
      />

      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 2.5 }} aria-label="Log activity">
        {offeredError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {offeredError}
          </Alert>
        )}
        {offered === null ? (
          <Skeleton variant="rounded" height={56} />
        ) : (
          <Stack spacing={2}>
            <ActivityPicker
              options={offered}
              value={activityType}
              onChange={(name) => {
                setActivityType(name);
                setPicked(true);
                setError(null);
              }}
              disabled={busy}
            />
            <ActivityFields
              idPrefix="log"
              activity={activity}
              values={values}
              onChange={(v) => {
                setValues(v);
                if (error) setError(null);
              }}
              weight={props.weight}
              disabled={busy}
              errorField={error?.field}
            />
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error.message}
          </Alert>
        )}
        {success && (
          <Alert severity="success" sx={{ mt: 1.5 }}>
            {success}
          </Alert>
        )}
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
    </SectionCard>
  );
}
