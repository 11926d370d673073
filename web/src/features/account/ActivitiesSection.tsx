/** "Manage Activities": the activities offered; all chosen saves the empty list (new ones appear too). */
import { offeredActivities } from '@fit/shared/activity-preferences';
import { ACTIVITIES, ACTIVITY_CATEGORIES, CATEGORY_LABELS } from '@fit/shared/catalogue';
import { ALERT_SAVE_ACTIVITY_PREFERENCES, SUCCESS_ACTIVITY_PREFERENCES_SAVED } from '@fit/shared/messages';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatusAlert } from '../../components/StatusAlert.tsx';
import { useRequiredUser } from '../../data/context.tsx';
import { saveActivityPreferences } from '../../data/preferences.ts';
import { keys } from '../../data/queries.ts';
import { useSave } from '../../data/save.ts';

const BY_CATEGORY = ACTIVITY_CATEGORIES.map((category) => ({
  category,
  names: ACTIVITIES.filter((a) => a.category === category).map((a) => a.name),
}));

export function ActivitiesSection(props: { saved: readonly string[] }) {
  const client = useQueryClient();
  const { uid } = useRequiredUser();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(offeredActivities(props.saved)));
  const save = useSave({
    save: ({ store, uid }, activities: string[]) => saveActivityPreferences(store, uid, activities),
    failure: ALERT_SAVE_ACTIVITY_PREFERENCES,
    success: SUCCESS_ACTIVITY_PREFERENCES_SAVED,
    // The log form offers the new selection without reading it again.
    onSaved: (_, activities) => client.setQueryData(keys.preferences(uid), activities),
    log: 'Saving activity preferences failed',
  });
  const { busy, status, setStatus } = save;

  const choose = (names: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const name of names) on ? next.add(name) : next.delete(name);
      return next;
    });
    setStatus(null);
  };

  function submit() {
    if (selected.size === 0) return setStatus({ kind: 'error', message: 'Select at least one activity.' });
    const all = selected.size === ACTIVITIES.length;
    save.run(all ? [] : ACTIVITIES.map((a) => a.name).filter((name) => selected.has(name)));
  }

  return (
    <SectionCard
      title="Manage Activities"
      subtitle={`Choose the activities offered when you log a workout. ${selected.size} of ${ACTIVITIES.length} selected.`}
    >
      <Box>
        {BY_CATEGORY.map(({ category, names }) => {
          const count = names.filter((name) => selected.has(name)).length;
          const label = CATEGORY_LABELS[category];
          return (
            <Accordion
              key={category}
              disableGutters
              elevation={0}
              slotProps={{ transition: { unmountOnExit: true } }}
              sx={{
                border: 1,
                borderColor: 'divider',
                '&:not(:last-of-type)': { borderBottom: 0 },
                '&::before': { display: 'none' },
              }}
            >
              <AccordionSummary expandIcon={<ExpandMore />} sx={{ px: 2 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, mr: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                  <Chip
                    size="small"
                    label={`${count} of ${names.length}`}
                    color={count === 0 ? 'default' : 'primary'}
                    variant={count === names.length ? 'filled' : 'outlined'}
                  />
                </Stack>
              </AccordionSummary>
              <AccordionDetails sx={{ px: 2, pt: 0, pb: 2 }}>
                <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                  <Button
                    size="small"
                    onClick={() => choose(names, true)}
                    aria-label={`Select all ${label} activities`}
                  >
                    Select all
                  </Button>
                  <Button
                    size="small"
                    onClick={() => choose(names, false)}
                    aria-label={`Clear ${label} activities`}
                  >
                    Clear
                  </Button>
                </Stack>
                <Box
                  role="group"
                  aria-label={`${label} activities`}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
                    columnGap: 2,
                  }}
                >
                  {names.map((name) => (
                    <FormControlLabel
                      key={name}
                      label={name}
                      control={
                        <Checkbox
                          size="small"
                          checked={selected.has(name)}
                          onChange={(e) => choose([name], e.target.checked)}
                        />
                      }
                    />
                  ))}
                </Box>
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
      <Stack spacing={2} sx={{ mt: 2.5 }}>
        <StatusAlert status={status} />
        <Box>
          <Button variant="contained" onClick={submit} disabled={busy}>
            Save Activities
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}
