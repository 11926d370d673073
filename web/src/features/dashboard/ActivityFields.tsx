import { type Activity, acceptsField, coversGround } from '@fit/shared/catalogue';
import { distanceInputText, distanceUnit, formatPace, metresFromTyped } from '@fit/shared/distance';
import { activityCalories } from '@fit/shared/formulas';
import { takesSets } from '@fit/shared/sets';
import { parseDecimal, storedValue, type UnitSystem, unitLabel } from '@fit/shared/units';
import { parseNumberInput } from '@fit/shared/validation';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoredActivity } from '../../data/activities.ts';
import { useUnits } from '../../data/units.ts';
import { liftedText } from './activity-units.ts';
import { newSetRow, type SetRow, SetsEditor } from './SetsEditor.tsx';

export interface ActivityInputs {
  count: string;
  time: string;
  weightLifted: string;
  /** In the person's unit (km or mi), for an activity that covers ground. */
  distance: string;
  /** Sets (weights in the person's unit): while any, reps and weight lifted derive from them. */
  sets: SetRow[];
}

export const EMPTY_INPUTS: ActivityInputs = { count: '', time: '', weightLifted: '', distance: '', sets: [] };

/** The sets the form sends, when the activity takes them (a type changed to Running drops them). */
export function typedSets(activity: Activity | undefined, values: ActivityInputs) {
  return activity && takesSets(activity) && values.sets.length > 0
    ? values.sets.map(({ reps, weight }) => ({ reps, weight }))
    : undefined;
}

type PlainInput = Exclude<keyof ActivityInputs, 'sets'>;

const fieldLabel = (field: PlainInput, units: UnitSystem) =>
  ({
    count: 'Reps',
    time: 'Time (min)',
    weightLifted: `Weight lifted (${unitLabel('weightLifted', units)})`,
    distance: `Distance (${distanceUnit(units)})`,
  })[field];

/** The inputs an activity takes, in the form's order (reps and load derive from sets, when any). */
export function inputsFor(activity: Activity, bySets = false): PlainInput[] {
  const fields: PlainInput[] = (['count', 'time', 'weightLifted'] as const).filter(
    (f) => acceptsField(activity, f) && !(bySets && f !== 'time'),
  );
  return coversGround(activity) ? [...fields, 'distance'] : fields;
}

/** The pace of what the form holds ('5:00 /km'), or null until minutes and a distance are typed. */
function typedPace(values: ActivityInputs, units: UnitSystem, stored?: number): string | null {
  const time = parseNumberInput(values.time);
  const typed = values.distance.trim() === '' ? Number.NaN : parseDecimal(values.distance);
  if (time === undefined || !Number.isInteger(time) || !(typed > 0)) return null;
  // Left as shown, the stored metres count (3.11 mi shown is 5000 m, not 5005 m).
  const kept = stored !== undefined && values.distance === distanceInputText(stored, units);
  return formatPace(kept ? stored : metresFromTyped(typed, units), time, units);
}

/** The inputs' layout: one row from sm up, stacked on a phone (the Log form's placeholder shares it). */
export function fieldsGrid(count: number) {
  return {
    display: 'grid',
    gap: 1.5,
    gridTemplateColumns: { xs: '1fr', sm: `repeat(${count}, minmax(0, 1fr))` },
  } as const;
}

/** The inputs the chosen activity accepts (and only those), with a live calorie estimate. */
export function ActivityFields(props: {
  activity: Activity | undefined;
  values: ActivityInputs;
  onChange: (values: ActivityInputs) => void;
  weight: number | undefined;
  disabled?: boolean;
  /** Field to highlight as invalid. */
  errorField?: string | undefined;
  idPrefix: string;
  /** The stored distance (metres) of the entry being edited. */
  storedDistance?: number | undefined;
}) {
  const { activity, values } = props;
  const units = useUnits();
  if (!activity) return null;
  const bySets = typedSets(activity, values) !== undefined;
  const fields = inputsFor(activity, bySets);
  const pace = coversGround(activity) ? typedPace(values, units, props.storedDistance) : null;
  const time = parseNumberInput(values.time);
  // With sets, the heaviest typed set is the weight lifted the calories count.
  const typedLifted = bySets
    ? Math.max(0, ...values.sets.map((s) => parseDecimal(s.weight)).filter((w) => w >= 0))
    : parseDecimal(values.weightLifted); // NaN when empty
  const lifted = storedValue('weightLifted', typedLifted, units);
  const preview =
    acceptsField(activity, 'time') && time !== undefined && Number.isInteger(time) && time > 0
      ? activityCalories(
          {
            activityType: activity.name,
            time,
            ...(Number.isFinite(lifted) && lifted > 0 ? { weightLifted: lifted } : {}),
          },
          props.weight,
        )
      : null;
  return (
    <>
      {fields.length > 0 && (
        <Box sx={fieldsGrid(fields.length)}>
          {fields.map((field) => (
            <TextField
              key={field}
              id={`${props.idPrefix}-${field}`}
              label={fieldLabel(field, units)}
              value={values[field]}
              onChange={(e) => props.onChange({ ...values, [field]: e.target.value })}
              disabled={props.disabled ?? false}
              error={props.errorField === field}
              placeholder={field === 'time' ? undefined : 'Optional'}
              slotProps={{
                htmlInput: {
                  inputMode: field === 'weightLifted' || field === 'distance' ? 'decimal' : 'numeric',
                  style: { fontVariantNumeric: 'tabular-nums' },
                },
                inputLabel: { shrink: true },
              }}
            />
          ))}
        </Box>
      )}
      {takesSets(activity) && (
        <Box sx={{ mt: 1.5 }}>
          <SetsEditor
            idPrefix={props.idPrefix}
            rows={values.sets}
            onChange={(sets) => props.onChange({ ...values, sets })}
            first={{ reps: values.count, weight: values.weightLifted }}
            units={units}
            disabled={props.disabled ?? false}
            errorField={props.errorField}
          />
        </Box>
      )}
      <Typography
        variant="body2"
        color="textSecondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1, minHeight: 22 }}
        aria-live="polite"
      >
        {preview !== null ? (
          <>
            <LocalFireDepartment sx={{ fontSize: 18, color: 'secondary.light' }} />
            About <strong>{preview}</strong> calories
            {pace && (
              <>
                {' · '}pace <strong>{pace}</strong>
              </>
            )}
          </>
        ) : acceptsField(activity, 'time') ? (
          'Enter the minutes to see the calories.'
        ) : (
          `${activity.name} is logged by reps and load; it counts no minutes or calories.`
        )}
      </Typography>
    </>
  );
}

/** The form's values for a stored activity. */
export function inputsOf(rec: StoredActivity, units: UnitSystem): ActivityInputs {
  return {
    sets: (rec.sets ?? []).map((s) => newSetRow(String(s.reps), liftedText(s.weight, units))),
    count: rec.count === undefined ? '' : String(rec.count),
    time: rec.time === undefined ? '' : String(rec.time),
    weightLifted: liftedText(rec.weightLifted, units),
    distance: distanceInputText(rec.distance, units),
  };
}
