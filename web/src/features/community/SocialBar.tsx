/** Kudos (a toggle, or the count on one's own item) and the comments button of a post or activity. */

import { StoreError } from '@fit/shared/store';
import { MESSAGES } from '@fit/shared/validation';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ThumbUpAlt from '@mui/icons-material/ThumbUpAlt';
import ThumbUpOffAlt from '@mui/icons-material/ThumbUpOffAlt';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../data/context.tsx';
import { useDataScope } from '../../data/queries.ts';
import { giveKudos, itemIdOf, kudosKey, type SocialTarget, takeBackKudos } from '../../data/social.ts';
import { CommentsDialog } from './CommentsDialog.tsx';
import { socialFailure, useMyName, useSocialState } from './social-state.ts';

const KUDOS_FAILED = 'Could not update your kudos. Please try again.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type SocialBarProps = { target: SocialTarget; own: boolean; label: string };

/** Nothing signed out: kudos and comments are for members. */
export function SocialBar(props: SocialBarProps) {
  return useSessionUser() ? <SignedInSocialBar {...props} /> : null;
}

function SignedInSocialBar({ target, own, label }: SocialBarProps) {
  const { store, uid } = useDataScope();
  // The rules refuse kudos of unverified accounts: say why instead of a failed save.
  const verified = useSessionUser()?.emailVerified !== false;
  const [unverifiedTried, setUnverifiedTried] = useState(false);
  const { engagement, given } = useSocialState();
  const myName = useMyName();
  const [open, setOpen] = useState(false);
  const stats = engagement.get(`${target.feed}:${itemIdOf(target)}`);
  const kudos = stats?.kudos ?? 0;
  const comments = stats?.comments ?? 0;
  const mine = given.has(kudosKey(target, uid));
  const toggle = useMutation({
    mutationFn: async () => {
      if (mine) return takeBackKudos(store, uid, target);
      try {
        await giveKudos(store, uid, await myName(), target, Date.now());
      } catch (error) {
        // A second kudos is a change the rules refuse: if mine is there (given in another tab, or
        // before the page's read answered), nothing failed, and that read shows it.
        if (!(error instanceof StoreError && error.code === 'permission-denied')) throw error;
        if (!(await store.get(kudosKey(target, uid)).catch(() => null))) throw error;
      }
    },
  });
  const color = 'text.secondary';
  // px 1, not the theme's 18 px: both buttons fit the activity table's last column at 1280 px.
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'nowrap', whiteSpace: 'nowrap' }}>
      {own ? (
        <Typography
          variant="caption"
          sx={{ color, px: 1 }}
          aria-label={`${plural(kudos, 'kudos', 'kudos')} on ${label}`}
        >
          <ThumbUpOffAlt sx={{ fontSize: 14, verticalAlign: 'middle', mr: 0.5 }} aria-hidden />
          {kudos}
        </Typography>
      ) : (
        <Button
          size="small"
          aria-pressed={mine}
          data-control="kudos"
          // A toggle: its name starts with what it shows (the count), aria-pressed says given.
          aria-label={`${plural(kudos, 'kudos', 'kudos')} for ${label}`}
          disabled={toggle.isPending}
          onClick={() => (verified ? toggle.mutate() : setUnverifiedTried(true))}
          startIcon={mine ? <ThumbUpAlt /> : <ThumbUpOffAlt />}
          sx={{ minWidth: 0, px: 1, color: mine ? 'primary.main' : color }}
        >
          {kudos}
        </Button>
      )}
      <Button
        size="small"
        aria-label={`${plural(comments, 'comment', 'comments')} and kudos on ${label}`}
        data-control="comments"
        onClick={() => setOpen(true)}
        startIcon={<ChatBubbleOutline />}
        sx={{ minWidth: 0, px: 1, color }}
      >
        {comments}
      </Button>
      {(toggle.isError || unverifiedTried) && (
        <Typography variant="caption" role="alert" sx={{ color: 'error.main', whiteSpace: 'normal' }}>
          {unverifiedTried ? MESSAGES.socialUnverified : socialFailure(toggle.error, KUDOS_FAILED)}
        </Typography>
      )}
      {open && (
        <CommentsDialog target={target} stats={stats ?? null} label={label} onClose={() => setOpen(false)} />
      )}
    </Stack>
  );
}
