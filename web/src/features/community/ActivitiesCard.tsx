/** Recent Activities: the newest 30 feed activities of everyone (hidden users never reach the feed). */
import { type ActivityCategory, findActivity } from '@fit/shared/catalogue';
import type { FeedActivity } from '@fit/shared/model';
import DirectionsRun from '@mui/icons-material/DirectionsRun';
import FitnessCenter from '@mui/icons-material/FitnessCenter';
import SelfImprovement from '@mui/icons-material/SelfImprovement';
import SportsGymnastics from '@mui/icons-material/SportsGymnastics';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { faded } from '../../app/theme/index.ts';
import { IconTile } from '../../components/IconTile.tsx';
import { PersonName } from '../../components/PersonName.tsx';
import { Empty, RelativeTime, UserAvatar, YouChip } from './bits.tsx';
import { CommunityCard } from './CommunityCard.tsx';
import { SocialBar } from './SocialBar.tsx';

const CATEGORY: Record<ActivityCategory, { icon: ReactNode; color: string }> = {
  weightlifting: { icon: <FitnessCenter fontSize="inherit" />, color: 'category.weightlifting' },
  cardio: { icon: <DirectionsRun fontSize="inherit" />, color: 'category.cardio' },
  bodyweight: { icon: <SportsGymnastics fontSize="inherit" />, color: 'category.bodyweight' },
  flexibility: { icon: <SelfImprovement fontSize="inherit" />, color: 'category.flexibility' },
};

const HEAD_SX = {
  fontWeight: 700,
  color: 'text.secondary',
  bgcolor: 'surface.subtle',
  whiteSpace: 'nowrap',
} as const;
const COLUMNS = ['Date', 'User', 'Activity', 'Reps', 'Time', 'Cheers'];

export function ActivitiesCard(props: {
  activities: FeedActivity[] | null;
  uid: string | null;
  now: number;
  /** The load failed with nothing to show. */
  error?: string | null;
}) {
  const { activities, uid, now } = props;
  return (
    <CommunityCard
      title="Recent Activities"
      subtitle="Fresh workouts from the community"
      icon={<DirectionsRun />}
      error={props.error}
    >
      {activities?.length === 0 ? (
        <Empty icon={<FitnessCenter />} text="No activity yet. Log a workout and lead the way!" />
      ) : (
        // Scrolls on its own: focusable so keyboards can scroll it (axe scrollable-region-focusable).
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label="Recent activity, scrollable"
          sx={{ maxHeight: 588, flex: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <Table
            stickyHeader
            size="small"
            aria-label="Recent activities"
            sx={{
              minWidth: { sm: 480 },
              // 1.25, not 2, from sm up: the six columns fit the card at 1280 px with the Cheers buttons.
              '& th, & td': { px: { xs: 0.75, sm: 1.25 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } },
            }}
          >
            <TableHead>
              <TableRow>
                {COLUMNS.map((label) => (
                  <TableCell
                    key={label}
                    align={label === 'Reps' || label === 'Time' ? 'right' : undefined}
                    sx={[HEAD_SX, label === 'Cheers' && { display: { xs: 'none', sm: 'table-cell' } }]}
                  >
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {activities === null
                ? [0, 1, 2, 3, 4].map((i) => (
                    <TableRow key={i}>
                      {COLUMNS.map((j) => (
                        <TableCell key={j}>
                          <Skeleton />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : activities.map((a) => (
                    <ActivityRow key={`${a.uid}_${a.repId}`} activity={a} own={a.uid === uid} now={now} />
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </CommunityCard>
  );
}

function ActivityRow({ activity, own, now }: { activity: FeedActivity; own: boolean; now: number }) {
  const category = findActivity(activity.activityType)?.category;
  const look = category ? CATEGORY[category] : undefined;
  const cheers = (
    <SocialBar
      target={{ feed: 'feedActivities', owner: activity.uid, id: activity.repId }}
      own={own}
      label={`${own ? 'your' : `${activity.userName}'s`} ${activity.activityType}`}
    />
  );
  return (
    <TableRow
      hover
      data-own={own ? 'true' : 'false'}
      sx={{
        '& td': { borderColor: 'divider', py: 1.1 },
        ...(own ? { bgcolor: 'tint.primary' } : {}),
        '&:last-of-type td': { borderBottom: 0 },
      }}
    >
      <TableCell sx={{ color: 'text.secondary', whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
        <RelativeTime timestamp={activity.timestamp} now={now} />
      </TableCell>
      <TableCell>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', minWidth: 0 }}>
          <UserAvatar uid={activity.uid} name={activity.userName} size={28} wide />
          <Typography
            variant="body2"
            sx={{
              fontWeight: 600,
              maxWidth: 160,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: { xs: 'normal', sm: 'nowrap' },
            }}
          >
            <PersonName uid={activity.uid} name={activity.userName} own={own} />
          </Typography>
          {own && <YouChip variant="outlined" sx={{ height: 20 }} />}
        </Stack>
      </TableCell>
      <TableCell>
        <Stack direction="row" sx={{ gap: 0.75, alignItems: 'center' }}>
          {category && look && (
            <IconTile
              size={26}
              sx={{
                display: { xs: 'none', sm: 'grid' },
                borderRadius: 1.5,
                fontSize: 17,
                flexShrink: 0,
                color: look.color,
                bgcolor: (t) => faded(t.vars.palette.category[category], 0.08),
              }}
            >
              {look.icon}
            </IconTile>
          )}
          <Typography variant="body2" sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
            {activity.activityType}
          </Typography>
        </Stack>
        {/* On a phone the Cheers column would sit beyond the table's scroll: under the activity. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, ml: -1 }}>{cheers}</Box>
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {activity.count > 0 ? activity.count.toLocaleString() : '—'}
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {activity.time > 0 ? `${activity.time.toLocaleString()} min` : '—'}
      </TableCell>
      <TableCell sx={{ py: 0, display: { xs: 'none', sm: 'table-cell' } }}>{cheers}</TableCell>
    </TableRow>
  );
}
