/**
 * "Your Data": download everything of yours (a JSON archive, or activities and weights as CSV),
 * and import an archive or an activities CSV. An import is read and checked in the browser and
 * shown as a preview (added / already there / refused with line and reason); nothing is written
 * until it is confirmed.
 */
import { activitiesCsv, buildArchive, checkImportSize, weightsCsv } from '@fit/shared/archive';
import { type ImportPlan, planImport } from '@fit/shared/import-plan';
import { browserTimeZone, localDate } from '@fit/shared/periods';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { type Status, StatusAlert } from '../../components/StatusAlert.tsx';
import { commitImport, readAccountData } from '../../data/archive.ts';
import { useAuthGateway, useRequiredUser, useStore } from '../../data/context.tsx';
import { readImportText } from '../../data/import-reader.ts';
import { endSessionIfOver } from '../../data/session-end.ts';
import { unitSystemOf } from '../../data/units.ts';
import { browserOffline } from '../../sw/register.ts';
import { ImportPreviewDialog, importParts } from './ImportPreviewDialog.tsx';

const EXPORT_FAILED = 'Failed to export your data. Please try again.';
const IMPORT_READ_FAILED = 'Failed to read your data for the import. Please try again.';
const IMPORT_FILE_UNREADABLE = 'This file could not be read.';
/**
 * An import offline would read only this device's cache (missing entries it would then add twice)
 * and queue its writes, whose `importedAt` the server refuses once they arrive minutes later.
 */
export const IMPORT_OFFLINE = 'You are offline. Importing needs a connection: connect and try again.';
/** Offline, the reads answer from this device's cache: an export would miss whatever is not in it. */
export const EXPORT_OFFLINE = 'You are offline. Exporting needs a connection: connect and try again.';

function importFailed(done: number, total: number): string {
  return total > 1 && done > 0
    ? `Import stopped after ${done} of ${total} parts. Import the same file again to add what is missing (nothing is added twice).`
    : 'Failed to import. Nothing was written. Please try again.';
}

function download(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function importedSummary(plan: ImportPlan): string {
  const parts = [
    plural(plan.add.activities, 'activity', 'activities'),
    plural(plan.add.weights, 'weight record', 'weight records'),
    plural(plan.add.posts, 'post', 'posts'),
  ];
  const extra = [
    plan.profileFields.length > 0 ? 'profile' : null,
    plan.goal === 'set' ? 'daily goal' : null,
    plan.preferences === 'set' ? 'activity preferences' : null,
  ].filter((x): x is string => x !== null);
  return `Imported ${parts.join(', ')}${extra.length > 0 ? `; updated ${extra.join(', ')}` : ''}.`;
}

/** `onImported`: the page reloads what it shows (the import may have changed profile, goal, preferences). */
export function DataSection(props: { onImported?: () => void }) {
  const store = useStore();
  const user = useRequiredUser();
  const gateway = useAuthGateway();
  // The same session check as every query and save (the QueryClient's): an expired session ends.
  const expired = (error: unknown) => endSessionIfOver(gateway, error);
  const fileInput = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<null | 'export' | 'read' | 'import'>(null);
  const [preview, setPreview] = useState<{ fileName: string; plan: ImportPlan } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function exportAs(kind: 'json' | 'activities' | 'weights') {
    if (browserOffline()) {
      setStatus({ kind: 'error', message: EXPORT_OFFLINE });
      return;
    }
    setBusy('export');
    setStatus(null);
    try {
      const { exportData } = await readAccountData(store, user.uid);
      const now = Date.now();
      const timeZone = browserTimeZone();
      const day = localDate(now, timeZone);
      // Weights in the person's own unit (kg for metric), named in the CSV's header.
      const units = unitSystemOf(exportData.profile);
      if (kind === 'json')
        download(
          `fittrack-${day}.json`,
          `${JSON.stringify(buildArchive(exportData, now), null, 2)}\n`,
          'application/json',
        );
      else if (kind === 'activities')
        download(
          `fittrack-activities-${day}.csv`,
          activitiesCsv(exportData.activities, exportData.profile?.currentWeight, timeZone, units),
          'text/csv;charset=utf-8',
        );
      else
        download(
          `fittrack-weights-${day}.csv`,
          weightsCsv(exportData.weights, timeZone, units),
          'text/csv;charset=utf-8',
        );
    } catch (e) {
      console.error('Exporting failed', e);
      if (!expired(e)) setStatus({ kind: 'error', message: EXPORT_FAILED });
    } finally {
      setBusy(null);
    }
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    setStatus(null);
    const tooBig = checkImportSize(file.size);
    if (tooBig) {
      setStatus({ kind: 'error', message: tooBig });
      return;
    }
    if (browserOffline()) {
      setStatus({ kind: 'error', message: IMPORT_OFFLINE });
      return;
    }
    setBusy('read');
    try {
      let text: string;
      try {
        text = await file.text();
      } catch {
        setStatus({ kind: 'error', message: IMPORT_FILE_UNREADABLE });
        return;
      }
      const { existing } = await readAccountData(store, user.uid);
      const now = Date.now();
      const timeZone = browserTimeZone();
      const read = await readImportText(text, {
        uid: user.uid,
        now,
        timeZone,
        currentDisplayName: existing.profile?.displayName ?? '',
      });
      if (!read.ok) {
        setStatus({ kind: 'error', message: read.message });
        return;
      }
      const plan = planImport(read.source, existing, {
        uid: user.uid,
        email: user.email ?? '',
        now,
        timeZone,
      });
      setPreview({ fileName: file.name, plan });
    } catch (e) {
      console.error('Reading for the import failed', e);
      if (!expired(e)) setStatus({ kind: 'error', message: IMPORT_READ_FAILED });
    } finally {
      setBusy(null);
    }
  }

  async function confirmImport() {
    if (!preview) return;
    if (browserOffline()) {
      setPreview(null);
      setStatus({ kind: 'error', message: IMPORT_OFFLINE });
      return;
    }
    const { plan } = preview;
    const total = importParts(plan);
    let done = 0;
    setBusy('import');
    setProgress({ done: 0, total });
    try {
      await commitImport(store, plan, Date.now, (n) => {
        done = n;
        setProgress({ done: n, total });
      });
      setStatus({ kind: 'success', message: importedSummary(plan) });
      props.onImported?.();
    } catch (e) {
      console.error('Importing failed', e);
      if (!expired(e)) setStatus({ kind: 'error', message: importFailed(done, total) });
    } finally {
      setBusy(null);
      setProgress(null);
      setPreview(null);
    }
  }

  return (
    <SectionCard
      title="Your Data"
      subtitle="Download everything of yours, or bring entries back from an export or a spreadsheet."
    >
      <Stack spacing={2.5}>
        <div>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Export
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => exportAs('json')} disabled={busy !== null}>
              Export JSON
            </Button>
            <Button variant="outlined" onClick={() => exportAs('activities')} disabled={busy !== null}>
              Export activities CSV
            </Button>
            <Button variant="outlined" onClick={() => exportAs('weights')} disabled={busy !== null}>
              Export weights CSV
            </Button>
          </Stack>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            The JSON archive holds your profile, activities, weights, goal, preferences and posts.
          </Typography>
        </div>
        <div>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Import
          </Typography>
          {/* A real button opens the hidden file input (a label styled as a button is not a button). */}
          <Button variant="contained" onClick={() => fileInput.current?.click()} disabled={busy !== null}>
            {busy === 'read' ? 'Reading…' : 'Import file'}
          </Button>
          <input
            ref={fileInput}
            hidden
            type="file"
            accept=".json,.csv,.gpx,application/json,text/csv,application/gpx+xml"
            aria-label="Import file"
            data-testid="import-file"
            onChange={chooseFile}
          />
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            A FitTrack JSON archive, an activities CSV with the columns Date, Activity, Reps, Minutes, Weight
            lifted (lbs) or Weight lifted (kg) (a bare Weight lifted is read in lbs; a bare Weight is refused
            as ambiguous) and Distance (km) or Distance (mi), or a weights CSV with the columns Date and
            Weight (lbs) or Weight (kg). Dates are YYYY-MM-DD or YYYY-MM-DD HH:mm. Switching in? Strava's
            activities.csv (from its bulk export), Hevy's workouts.csv and a GPX track of a run or a ride are
            read as they are. You see what will be added first; entries you already have are never added
            twice.
          </Typography>
        </div>
        <StatusAlert status={status} onClose={() => setStatus(null)} />
      </Stack>
      <ImportPreviewDialog
        open={preview !== null}
        fileName={preview?.fileName ?? ''}
        plan={preview?.plan ?? null}
        busy={busy === 'import'}
        progress={progress}
        onConfirm={confirmImport}
        onCancel={() => setPreview(null)}
      />
    </SectionCard>
  );
}
