/** What an import will do, before any write: entries added and already there, other changes, refusals. */
import { MAX_WRITES_PER_COMMIT } from '@fit/shared/firestore/semantics';
import type { ImportPlan } from '@fit/shared/import-plan';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ActionDialog } from '../../components/ConfirmDialog.tsx';
import { capitalize, fieldLabel, importParts } from './import-words.ts';

/** How many refused rows are listed (the count says how many there are in all). */
const SHOWN_REFUSALS = 200;
const SETTING = { set: 'will be set from the file.', same: 'already the same.' };

/** Shown while `preview` is set. */
export function ImportPreviewDialog(props: {
  preview: { fileName: string; plan: ImportPlan } | null;
  busy: boolean;
  /** Parts written so far while importing. */
  progress: { done: number; total: number } | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (!props.preview) return null;
  const { plan, fileName } = props.preview;
  const counts = [
    ['Activities', 'activities'],
    ['Weight records', 'weights'],
    ['Posts', 'posts'],
  ] as const;
  const others = [
    plan.profileFields.length > 0 &&
      `Profile: ${plan.profileFields.map(fieldLabel).join(', ')} will be updated.`,
    plan.goal !== 'none' && `Daily goal: ${SETTING[plan.goal]}`,
    plan.preferences !== 'none' && `Activity preferences: ${SETTING[plan.preferences]}`,
  ].filter((line) => line !== false);
  const parts = importParts(plan);
  const nothing = plan.docs.length === 0;
  // Nothing valid at all (a file of refused rows): not "already there".
  const allRefused =
    plan.refused.length > 0 &&
    counts.every(([, key]) => plan.alreadyThere[key] === 0) &&
    plan.goal === 'none' &&
    plan.preferences === 'none';

  return (
    <ActionDialog
      open
      title="Import preview"
      onClose={props.onCancel}
      busy={props.busy}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={props.onCancel} disabled={props.busy}>
            {nothing ? 'Close' : 'Cancel'}
          </Button>
          {!nothing && (
            <Button variant="contained" onClick={props.onConfirm} disabled={props.busy}>
              Import
            </Button>
          )}
        </>
      }
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        From {fileName}. Nothing is written until you choose Import.
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="import-format">
        Recognised as: <strong>{plan.format}</strong>
      </Typography>
      <Table size="small" aria-label="What the import adds">
        <TableHead>
          <TableRow>
            <TableCell>Entries</TableCell>
            <TableCell align="right">Will be added</TableCell>
            <TableCell align="right">Already there</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {counts.map(([label, key]) => (
            <TableRow key={key} data-testid={`import-${key}`}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right">{plan.add[key]}</TableCell>
              <TableCell align="right">{plan.alreadyThere[key]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {others.length > 0 && (
        <Box component="ul" sx={{ pl: 2.5, my: 2 }}>
          {others.map((line) => (
            <Typography component="li" variant="body2" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
      {nothing && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {allRefused
            ? 'Nothing to import: every entry in this file was refused.'
            : 'Nothing new to import: everything valid in this file is already there.'}
        </Alert>
      )}
      {parts > 1 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          This import is written in {parts} parts of at most {MAX_WRITES_PER_COMMIT} entries. Each part is
          written completely or not at all; if one fails, importing the same file again adds only what is
          missing.
        </Alert>
      )}
      {plan.refused.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" data-testid="import-refused-count">
            {plan.refused.length} refused (not imported)
          </Typography>
          <Box
            component="ul"
            tabIndex={0}
            aria-label="Refused entries"
            sx={{
              pl: 2.5,
              mt: 1,
              mb: 0,
              maxHeight: 220,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              py: 1,
              pr: 1,
            }}
          >
            {plan.refused.slice(0, SHOWN_REFUSALS).map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: refusals are a fixed list in file order
              <Typography component="li" variant="body2" key={i}>
                <strong>{capitalize(r.where)}:</strong> {r.message}
              </Typography>
            ))}
            {plan.refused.length > SHOWN_REFUSALS && (
              <Typography component="li" variant="body2">
                and {plan.refused.length - SHOWN_REFUSALS} more
              </Typography>
            )}
          </Box>
        </Box>
      )}
      {props.progress && props.progress.total > 1 && (
        <LinearProgress
          variant="determinate"
          value={(100 * props.progress.done) / props.progress.total}
          aria-label={`Importing: part ${props.progress.done} of ${props.progress.total} written`}
          sx={{ mt: 2 }}
        />
      )}
    </ActionDialog>
  );
}
