/**
 * On /user, a profile without a display name is asked for one before a first post shows 'Unknown';
 * it can be put off for this visit, and a deep link (`?next=`) goes on once the name is saved.
 */
import Alert from '@mui/material/Alert';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useRequiredUser } from '../../data/context.tsx';
import { isNamePromptPutOff, putOffNamePrompt, setNamePromptActive } from '../../data/first-run.ts';
import { safeNextPath } from '../../data/post-login.ts';
import { hasDisplayName } from '../../data/profile.ts';
import { useProfile } from '../../data/queries.ts';
import { unitSystemOf } from '../../data/units.ts';
import { PromptCard } from './PromptCard.tsx';

export function DisplayNamePrompt() {
  const user = useRequiredUser();
  const profile = useProfile();
  const navigate = useNavigate();
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const [hidden, setHidden] = useState(() => isNamePromptPutOff(user.uid));
  const [saved, setSaved] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const named = profile.isSuccess && hasDisplayName(profile.data ?? null);
  // The form stays while its save runs: the name shows in the profile before the server confirms it.
  const showing = !hidden && profile.isSuccess && (!named || saving);

  // One prompt at a time: the goal popup waits while this one shows or saves (data/first-run.ts).
  useEffect(() => {
    setNamePromptActive(user.uid, showing || saving);
  }, [user.uid, showing, saving]);
  useEffect(() => () => setNamePromptActive(user.uid, false), [user.uid]);

  // A deep link asked for before sign-up goes on once the profile is named (now, or already).
  useEffect(() => {
    if (named && next) navigate(next, { replace: true });
  }, [named, next, navigate]);

  if (saved) return <SavedNotice name={saved} onClose={() => setSaved(null)} />;
  if (!showing) return null;
  return (
    <PromptCard
      stored={profile.data ?? null}
      email={user.email}
      units={unitSystemOf(profile.data)}
      onSaving={setSaving}
      onSaved={(name) => {
        setSaving(false);
        if (!next) setSaved(name);
      }}
      onDismiss={() => {
        putOffNamePrompt(user.uid);
        setHidden(true);
        focusPageHeading();
      }}
    />
  );
}

/** Replaces the prompt after a save and takes the focus the form had, so nothing is lost. */
function SavedNotice(props: { name: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="success"
      role="status"
      onClose={() => {
        props.onClose();
        focusPageHeading();
      }}
      sx={{ mb: { xs: 2.5, sm: 3 } }}
    >
      Display name saved. Others now see you as {props.name}.
    </Alert>
  );
}

/** Focus for keyboard and screen-reader users once the prompt goes: the page's own heading. */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}
