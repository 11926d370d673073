/**
 * Onboarding on /user (issue 11): a signed-in user whose profile has no display name is asked for
 * one here, before a first post or workout shows as 'Unknown'. It saves through the account page's
 * path (`saveAccountProfile`, merged) with the spec's display-name validation, can be put off for
 * this visit, and, when the person came from a deep link (`/user?next=/community` after sign-up and
 * verification), goes on to that page once the name is saved.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useRequiredUser } from '../../data/context.tsx';
import { safeNextPath } from '../../data/post-login.ts';
import { hasDisplayName } from '../../data/profile.ts';
import { useProfile } from '../../data/queries.ts';
import { dismiss, isDismissed } from './dismissal.ts';
import { focusPageHeading } from './focus.ts';
import { PromptCard, SavedNotice } from './PromptCard.tsx';

export function DisplayNamePrompt() {
  const user = useRequiredUser();
  const profile = useProfile();
  const navigate = useNavigate();
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const [hidden, setHidden] = useState(() => isDismissed(user.uid));
  const [saved, setSaved] = useState<string | null>(null);
  const named = profile.isSuccess && hasDisplayName(profile.data ?? null);

  // A deep link asked for before sign-up goes on once the profile is named (now, or already).
  useEffect(() => {
    if (named && next) navigate(next, { replace: true });
  }, [named, next, navigate]);

  if (saved) return <SavedNotice name={saved} onClose={() => setSaved(null)} />;
  if (hidden || !profile.isSuccess || named) return null;
  return (
    <PromptCard
      exists={profile.data != null}
      email={user.email ?? ''}
      onSaved={(name) => {
        if (!next) setSaved(name);
      }}
      onDismiss={() => {
        dismiss(user.uid);
        setHidden(true);
        focusPageHeading();
      }}
    />
  );
}
