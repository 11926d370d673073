/** `/people/:uid`: a person's live card with Follow, and their recent activities unless hidden. */
import { ALERT_FETCH_COMMUNITY } from '@fit/shared/messages';
import type { PersonCard } from '@fit/shared/model';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FollowButton } from '../../components/FollowButton.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { ShownName } from '../../components/ShownText.tsx';
import { useSessionUser } from '../../data/context.tsx';
import { isPossiblePerson, usePerson } from '../../data/follow-hooks.ts';
import { PersonActivities } from './PersonActivities.tsx';

export const PERSON_NOT_FOUND = 'This person could not be found.';
const HIDES_EXERCISE = 'keeps their exercise info private, so no activities show here.';

export function PersonPage() {
  const uid = useParams().uid ?? '';
  const me = useSessionUser()?.uid ?? null;
  // An address naming no possible person (`a%2Fb`, `__x__`) is not read: nobody is there.
  const possible = isPossiblePerson(uid);
  const person = usePerson(uid, possible);
  const card = possible ? person.data : null;
  const title = card ? card.userName : 'Profile';
  return (
    <>
      <PageHeader title={title} subtitle={card ? 'Community profile' : undefined} />
      {possible && person.isError && card === undefined ? (
        <LoadFailed message={ALERT_FETCH_COMMUNITY} />
      ) : card === undefined ? (
        <Skeleton variant="rounded" height={140} />
      ) : card === null ? (
        <Stack sx={{ gap: 2, alignItems: 'flex-start' }}>
          <Typography color="textSecondary">{PERSON_NOT_FOUND}</Typography>
          <Button component={RouterLink} to="/community" variant="outlined">
            Back to community
          </Button>
        </Stack>
      ) : (
        <Stack sx={{ gap: { xs: 2, md: 3 } }}>
          <ProfileCard card={card} own={card.uid === me} />
          {card.visible ? (
            <PersonActivities uid={card.uid} />
          ) : (
            <SectionCard title="Recent activity">
              <Typography color="textSecondary" data-testid="person-hidden">
                <ShownName name={card.userName} /> {HIDES_EXERCISE}
              </Typography>
            </SectionCard>
          )}
        </Stack>
      )}
    </>
  );
}

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Box>
      <Typography component="span" sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString()}
      </Typography>{' '}
      <Typography component="span" color="textSecondary">
        {label}
      </Typography>
    </Box>
  );
}

function ProfileCard({ card, own }: { card: PersonCard; own: boolean }) {
  return (
    <Card component="section" aria-label="Profile">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Avatar
            aria-hidden
            sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText' }}
          >
            {card.userName.trim().charAt(0).toUpperCase() || '?'}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              <ShownName name={card.userName} />
            </Typography>
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }} data-testid="person-counts">
              <Count value={card.followers} label={card.followers === 1 ? 'follower' : 'followers'} />
              <Count value={card.following} label="following" />
            </Stack>
          </Box>
          {!own && <FollowButton uid={card.uid} name={card.userName} />}
        </Stack>
      </CardContent>
    </Card>
  );
}
