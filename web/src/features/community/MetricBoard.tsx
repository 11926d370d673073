/** One leaderboard (Reps, Minutes or Calories): its top 3 with medals and bars against the leader. */
import type { BoardMetric, BoardPlace } from '@fit/shared/model';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import Repeat from '@mui/icons-material/Repeat';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { faded } from '../../app/theme/index.ts';
import { IconTile } from '../../components/IconTile.tsx';
import { PersonName } from '../../components/PersonName.tsx';
import { UserAvatar, YouChip } from './bits.tsx';

const METRIC: Record<BoardMetric, { title: string; unit: string; icon: ReactNode }> = {
  reps: { title: 'Reps', unit: 'reps', icon: <Repeat fontSize="small" /> },
  minutes: { title: 'Minutes', unit: 'min', icon: <TimerOutlined fontSize="small" /> },
  calories: { title: 'Calories', unit: 'cal', icon: <LocalFireDepartmentOutlined fontSize="small" /> },
};

/** Gold, silver, bronze: each place's colours are the theme's `palette.medal` tokens. */
const PODIUM = [
  { label: '1st', medal: 'gold' },
  { label: '2nd', medal: 'silver' },
  { label: '3rd', medal: 'bronze' },
] as const;

export function MetricBoard(props: { metric: BoardMetric; places: BoardPlace[] | null; uid: string | null }) {
  const { metric, places, uid } = props;
  const look = METRIC[metric];
  const titleId = useId();
  const leader = places?.[0]?.value ?? 0;
  return (
    <Box
      role="region"
      aria-labelledby={titleId}
      sx={{
        height: '100%',
        p: 2,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        backgroundImage: (t) =>
          `linear-gradient(180deg, ${faded(t.vars.palette.metric[metric], 0.05)} 0%, transparent 70px)`,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5 }}>
        <IconTile size={30} sx={{ borderRadius: 2, color: 'onBrand.main', bgcolor: `metric.${metric}` }}>
          {look.icon}
        </IconTile>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {look.title}
        </Typography>
      </Stack>
      {places === null ? (
        <Stack sx={{ gap: 1.25 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={48} />
          ))}
        </Stack>
      ) : places.length === 0 ? (
        <Box
          sx={{
            display: 'grid',
            placeItems: 'center',
            minHeight: 120,
            borderRadius: 2,
            border: '1px dashed',
            borderColor: 'divider',
            color: 'text.secondary',
            textAlign: 'center',
            px: 2,
          }}
        >
          <Typography variant="body2">No data available.</Typography>
        </Box>
      ) : (
        <Stack component="ol" sx={{ listStyle: 'none', m: 0, p: 0, gap: 1 }}>
          {places.map((place, i) => (
            <PlaceRow
              key={place.uid || i}
              place={place}
              rank={i}
              unit={look.unit}
              leader={leader}
              own={uid !== null && place.uid === uid}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function PlaceRow(props: { place: BoardPlace; rank: number; unit: string; leader: number; own: boolean }) {
  const { place, rank, unit, leader, own } = props;
  const podium = PODIUM[rank] ?? PODIUM[2];
  const medal = (t: Theme) => t.vars.palette.medal[podium.medal];
  const percent = leader > 0 ? Math.max(4, Math.round((place.value / leader) * 100)) : 0;
  return (
    <Box
      component="li"
      data-rank={rank + 1}
      data-own={own ? 'true' : 'false'}
      sx={{
        px: 1.25,
        py: 1,
        borderRadius: 2,
        bgcolor: (t: Theme) => medal(t).tint,
        ...(own ? { outline: '2px solid', outlineColor: 'primary.light' } : {}),
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Avatar
          aria-label={`${podium.label} place`}
          sx={{
            width: 24,
            height: 24,
            fontSize: 12,
            fontWeight: 800,
            color: (t) => medal(t).ink,
            background: (t) => medal(t).medal,
            boxShadow: (t) => t.vars.palette.shadow.medal,
          }}
        >
          {rank + 1}
        </Avatar>
        <UserAvatar uid={place.uid} name={place.userName} size={28} wide />
        {/* Whole names from md up (boards side by side have room to wrap); phones' swiped cards cut. */}
        <Typography
          variant="body2"
          title={place.userName}
          sx={{
            flex: 1,
            minWidth: 0,
            fontWeight: 600,
            whiteSpace: { xs: 'nowrap', md: 'normal' },
            overflow: { xs: 'hidden', md: 'visible' },
            textOverflow: { xs: 'ellipsis', md: 'clip' },
            overflowWrap: 'anywhere',
          }}
        >
          <PersonName uid={place.uid} name={place.userName} own={own} />
        </Typography>
        {own && (
          <YouChip variant="filled" sx={{ height: 18, fontSize: 11, fontWeight: 700, flexShrink: 0 }} />
        )}
        <Typography
          variant="body2"
          sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {place.value.toLocaleString()}{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            {unit}
          </Box>
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${place.userName}: ${place.value.toLocaleString()} ${unit}`}
        sx={{
          mt: 0.75,
          ml: 4,
          height: 6,
          borderRadius: 3,
          bgcolor: 'tint.track',
          '& .MuiLinearProgress-bar': { borderRadius: 3, bgcolor: (t) => medal(t).bar },
        }}
      />
    </Box>
  );
}
