/** "Your Data": export as JSON or CSV; an import is checked in the browser and previewed before any write. */
import { activitiesCsv, buildArchive, checkImportSize, weightsCsv } from '@fit/shared/archive';
import { type ImportPlan, planImport } from '@fit/shared/import-plan';
import { browserTimeZone, localDate } from '@fit/shared/periods';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { type Status, StatusAlert } from '../../components/StatusAlert.tsx';
import { commitImport, readAccountData } from '../../data/archive.ts';
import { endSessionIfOver, isSessionOver } from '../../data/auth.ts';
import { useAuthGateway, useRequiredUser, useStore } from '../../data/context.tsx';
import { readImportText } from '../../data/import-reader.ts';
import { unitSystemOf } from '../../data/units.ts';
import { browserOffline } from '../../sw/register.ts';
import { ImportPreviewDialog } from './ImportPreviewDialog.tsx';
import { importedSummary, importFailed, importParts } from './import-words.ts';

const EXPORT_FAILED = 'Failed to export your data. Please try again.';
const IMPORT_READ_FAILED = 'Failed to read your data for the import. Please try again.';
const IMPORT_FILE_UNREADABLE = 'This file could not be read.';
// Offline, reads answer from this device's cache: an import would add entries twice (and its queued
// writes' `importedAt` be refused later), an export would miss what is not cached.
export const IMPORT_OFFLINE = 'You are offline. Importing needs a connection: connect and try again.';
export const EXPORT_OFFLINE = 'You are offline. Exporting needs a connection: connect and try again.';

const EXPORTS = [
  ['json', 'Export JSON'],
  ['activities', 'Export activities CSV'],
  ['weights', 'Export weights CSV'],
] as const;

function download(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName, rel: 'noopener' });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `onImported`: the page reloads what it shows (the import may have changed profile, goal, preferences). */
export function DataSection(props: { onImported?: () => void }) {
  const store = useStore();
  const user = useRequiredUser();
  const gateway = useAuthGateway();
  // The same session check as every query and save: an expired session ends.
  const expired = (error: unknown) => endSessionIfOver(gateway, error);
  const fail = (message: string) => setStatus({ kind: 'error', message });
  const fileInput = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<null | 'export' | 'read' | 'import'>(null);
  const [preview, setPreview] = useState<{ fileName: string; plan: ImportPlan } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // A mutation, as every save: a refusal is seen by the frame too (its parts carry the device's
  // time, `importedAt`: a wrong clock is said in ClockNotice).
  const importing = useMutation({
    mutationFn: (vars: { plan: ImportPlan; onPart: (done: number) => void }) =>
      commitImport(store, vars.plan, Date.now, vars.onPart),
  });

  async function exportAs(kind: (typeof EXPORTS)[number][0]) {
    if (browserOffline()) return fail(EXPORT_OFFLINE);
    setBusy('export');
    setStatus(null);
    try {
      const { exportData: data } = await readAccountData(store, user.uid);
      const now = Date.now();
      const timeZone = browserTimeZone();
      const day = localDate(now, timeZone);
      // Weights in the person's own unit (kg for metric), named in the CSV's header.
      const units = unitSystemOf(data.profile);
      const json = kind === 'json';
      const text = json
        ? `${JSON.stringify(buildArchive(data, now), null, 2)}\n`
        : kind === 'activities'
          ? activitiesCsv(data.activities, data.profile?.currentWeight, timeZone, units)
          : weightsCsv(data.weights, timeZone, units);
      const name = json ? `fittrack-${day}.json` : `fittrack-${kind}-${day}.csv`;
      download(name, text, json ? 'application/json' : 'text/csv;charset=utf-8');
    } catch (e) {
      console.error('Exporting failed', e);
      if (!expired(e)) fail(EXPORT_FAILED);
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
    if (tooBig) return fail(tooBig);
    if (browserOffline()) return fail(IMPORT_OFFLINE);
    setBusy('read');
    try {
      const text = await file.text().catch(() => null);
      if (text === null) return fail(IMPORT_FILE_UNREADABLE);
      const { existing } = await readAccountData(store, user.uid);
      const [uid, now, timeZone] = [user.uid, Date.now(), browserTimeZone()];
      const currentDisplayName = existing.profile?.displayName ?? '';
      // The units the page shows them: a weights CSV's bare Weight is read in them.
      const unitSystem = unitSystemOf(existing.profile);
      const read = await readImportText(text, { uid, now, timeZone, currentDisplayName, unitSystem });
      if (!read.ok) return fail(read.message);
      const plan = planImport(read.source, existing, { uid, email: user.email, now, timeZone });
      setPreview({ fileName: file.name, plan });
    } catch (e) {
      console.error('Reading for the import failed', e);
      if (!expired(e)) fail(IMPORT_READ_FAILED);
    } finally {
      setBusy(null);
    }
  }

  async function confirmImport() {
    if (!preview) return;
    if (browserOffline()) {
      setPreview(null);
      return fail(IMPORT_OFFLINE);
    }
    const { plan } = preview;
    const total = importParts(plan);
    let done = 0;
    setBusy('import');
    setProgress({ done: 0, total });
    try {
      await importing.mutateAsync({
        plan,
        onPart: (n) => {
          done = n;
          setProgress({ done: n, total });
        },
      });
      setStatus({ kind: 'success', message: importedSummary(plan) });
      props.onImported?.();
    } catch (e) {
      console.error('Importing failed', e);
      // (An over session was ended by the mutation cache, as for every save.)
      if (!isSessionOver(e)) fail(importFailed(done, total, e));
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
            {EXPORTS.map(([kind, label]) => (
              <Button key={kind} variant="outlined" onClick={() => exportAs(kind)} disabled={busy !== null}>
                {label}
              </Button>
            ))}
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
            lifted (lbs) or Weight lifted (kg) (a bare Weight lifted is read in your units; a bare Weight is
            refused as ambiguous) and Distance (km) or Distance (mi), or a weights CSV with the columns Date
            and Weight (lbs) or Weight (kg) (a bare Weight is read in your units). Dates are YYYY-MM-DD or
            YYYY-MM-DD HH:mm, from 2000 on. Switching in? Strava's activities.csv (from its bulk export),
            Hevy's workouts.csv and a GPX track of a run or a ride are read as they are. You see what will be
            added first; entries you already have are never added twice.
          </Typography>
        </div>
        <StatusAlert status={status} onClose={() => setStatus(null)} />
      </Stack>
      <ImportPreviewDialog
        preview={preview}
        busy={busy === 'import'}
        progress={progress}
        onConfirm={confirmImport}
        onCancel={() => setPreview(null)}
      />
    </SectionCard>
  );
}
