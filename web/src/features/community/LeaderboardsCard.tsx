/**
 * Leaderboards: Reps, Minutes and Calories, each with Daily, Weekly and Monthly top 3, from the
 * boards the rollup writes. A board whose period key is not the current one in its time zone (or a
 * missing or empty one) shows 'No data available.'; `now` ticks, so midnight rolls over by itself.
 */

import { currentPlaces } from '@fit/shared/community';
import {
  BOARD_KINDS,
  BOARD_METRICS,
  type BoardKind,
  type BoardMetric,
  type BoardPlace,
} from '@fit/shared/model';
import { addDays, browserTimeZone, periodWindow } from '@fit/shared/periods';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import Repeat from '@mui/icons-material/Repeat';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, memo, type ReactNode, useId, useState } from 'react';
import { faded } from '../../app/theme.ts';
import { ShownName } from '../../components/ShownText.tsx';
import { type Boards, boardsTimeZone } from '../../data/community.ts';
import { useLiveConnection } from '../../data/connection.ts';
import { UserAvatar, YouChip } from './bits.tsx';
import { boardZoneNote } from './board-zone.ts';
import { CommunityCard } from './CommunityCard.tsx';

export const NO_DATA = 'No data available.';

const KIND_LABEL: Record<BoardKind, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

const METRIC: Record<BoardMetric, { title: string; unit: string; icon: ReactNode; color: string }> = {
  reps: { title: 'Reps', unit: 'reps', icon: <Repeat fontSize="small" />, color: 'metric.reps' },
  minutes: {
    title: 'Minutes',
    unit: 'min',
    icon: <TimerOutlined fontSize="small" />,
    color: 'metric.minutes',
  },
  calories: {
    title: 'Calories',
    unit: 'cal',
    icon: <LocalFireDepartmentOutlined fontSize="small" />,
    color: 'metric.calories',
  },
};

/** Gold, silver, bronze: each place's colours are the theme's `palette.medal` tokens. */
const PODIUM = [
  { label: '1st', medal: 'gold' },
  { label: '2nd', medal: 'silver' },
  { label: '3rd', medal: 'bronze' },
] as const;

type Medal = (typeof PODIUM)[number]['medal'];
const medalOf = (theme: Theme, medal: Medal) => theme.vars.palette.medal[medal];

/** A calendar date `YYYY-MM-DD` in words, without any time zone shift. */
function calendarText(date: string, options: Intl.DateTimeFormatOptions): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { ...options, timeZone: 'UTC' });
}

/** 'Today · Sun, Nov 22', 'This week · Nov 22 – Nov 28', 'This month · November 2026', in the community zone. */
function periodLabel(kind: BoardKind, now: number, timeZone: string): string {
  try {
    const first = periodWindow(kind, now, timeZone).key.slice(1);
    if (kind === 'daily')
      return `Today · ${calendarText(first, { weekday: 'short', month: 'short', day: 'numeric' })}`;
    if (kind === 'monthly')
      return `This month · ${calendarText(`${first}-01`, { month: 'long', year: 'numeric' })}`;
    const short = { month: 'short', day: 'numeric' } as const;
    return `This week · ${calendarText(first, short)} – ${calendarText(addDays(first, 6), short)}`;
  } catch {
    return '';
  }
}

/** The ids tying each period's tab and the boards' panel together (`tabsId` from useId). */
const tabIdOf = (tabsId: string, kind: BoardKind) => `${tabsId}-${kind}`;
const panelIdOf = (tabsId: string) => `${tabsId}-panel`;

/**
 * The period tabs: a tab list whose selected tab draws its own raised background.
 * Not MUI's `Tabs`: that measures itself (its sliding indicator's place) after every render it takes
 * part in, and each measurement laid out the whole page (five times as /community loaded, and again
 * at every board update and every minute's redraw). Keys as WAI-ARIA's tabs pattern: Left and Right
 * (wrapping), Home and End move to a period and show it; only the shown one is in the Tab order.
 */
const PeriodTabs = memo(function PeriodTabs(props: {
  kind: BoardKind;
  onKind: (kind: BoardKind) => void;
  tabsId: string;
}) {
  const { kind, onKind, tabsId } = props;
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = BOARD_KINDS.indexOf(kind);
    const last = BOARD_KINDS.length - 1;
    const next = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at === 0 ? last : at - 1,
      Home: 0,
      End: last,
    }[event.key];
    const to = next === undefined ? undefined : BOARD_KINDS[next];
    if (to === undefined) return;
    event.preventDefault();
    onKind(to);
    document.getElementById(tabIdOf(tabsId, to))?.focus();
  }
  return (
    <Box
      role="tablist"
      aria-label="Leaderboard period"
      onKeyDown={onKeyDown}
      sx={{
        display: 'flex',
        p: 0.5,
        borderRadius: 3,
        bgcolor: 'surface.muted',
        width: { xs: '100%', sm: 360 },
      }}
    >
      {BOARD_KINDS.map((k) => {
        const selected = k === kind;
        return (
          <ButtonBase
            key={k}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            id={tabIdOf(tabsId, k)}
            aria-controls={panelIdOf(tabsId)}
            onClick={() => onKind(k)}
            sx={{
              flex: 1,
              minHeight: 32,
              py: 0.5,
              px: 2,
              borderRadius: 2.5,
              typography: 'button',
              fontWeight: 700,
              color: selected ? 'text.primary' : 'text.secondary',
              ...(selected && {
                bgcolor: 'background.paper',
                boxShadow: (t: Theme) => t.vars.palette.shadow.raised,
              }),
            }}
          >
            {KIND_LABEL[k]}
          </ButtonBase>
        );
      })}
    </Box>
  );
});

export function LeaderboardsCard(props: {
  boards: Boards | null;
  uid: string | null;
  now: number;
  /** The viewer's zone (default: the browser's), to say when the boards count another day. */
  viewerTimeZone?: string;
  /** The load failed with nothing to show. */
  error?: string | null;
}) {
  const { boards, uid, now } = props;
  const [kind, setKind] = useState<BoardKind>('daily');
  const tabsId = useId();
  const timeZone = boardsTimeZone(boards);
  const zoneNote = boardZoneNote(now, timeZone, props.viewerTimeZone ?? browserTimeZone());
  return (
    <CommunityCard
      title="Leaderboards"
      subtitle={`Leaderboard days run midnight to midnight, ${timeZone} · weeks Sunday to Saturday`}
      icon={<EmojiEventsOutlined />}
      action={<LiveChip />}
      error={props.error}
    >
      <Box sx={{ px: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', gap: 1 }}
        >
          <PeriodTabs kind={kind} onKind={setKind} tabsId={tabsId} />
          <Typography variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
            {periodLabel(kind, now, timeZone)}
          </Typography>
        </Stack>
        {zoneNote && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }} data-testid="board-zone-note">
            {zoneNote}
          </Typography>
        )}
      </Box>
      <Box
        id={panelIdOf(tabsId)}
        role="tabpanel"
        aria-labelledby={tabIdOf(tabsId, kind)}
        sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: { xs: 2, sm: 3 } }}
      >
        {/* Phones and tablets swipe between the three boards; desktops see them side by side. Focusable
            so a keyboard can scroll it too (axe scrollable-region-focusable). */}
        <Box
          tabIndex={0}
          role="group"
          aria-label="Boards"
          sx={{
            display: 'grid',
            gap: 2,
            gridAutoFlow: { xs: 'column', md: 'row' },
            gridAutoColumns: { xs: '86%', sm: '47%', md: 'auto' },
            gridTemplateColumns: { md: 'repeat(3, minmax(0, 1fr))' },
            overflowX: { xs: 'auto', md: 'visible' },
            scrollSnapType: { xs: 'x mandatory', md: 'none' },
            scrollPaddingInline: { xs: 16, sm: 24 },
            mx: { xs: -2, sm: -3, md: 0 },
            px: { xs: 2, sm: 3, md: 0 },
            pb: { xs: 1, md: 0 },
            '& > *': { scrollSnapAlign: 'start' },
          }}
        >
          {BOARD_METRICS.map((metric) => (
            <MetricBoard
              key={metric}
              metric={metric}
              places={boards === null ? null : currentPlaces(boards[kind], metric, now)}
              uid={uid}
            />
          ))}
        </Box>
      </Box>
    </CommunityCard>
  );
}

/** "Live" while results flow from the server; "Not live" while the connection is down. */
function LiveChip() {
  const live = useLiveConnection();
  if (!live)
    return <Chip size="small" label="Not live" variant="outlined" sx={{ color: 'text.secondary' }} />;
  return (
    <Chip
      size="small"
      label="Live"
      variant="outlined"
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'success.main',
            ml: '8px !important',
            position: 'relative',
            // A ring that grows and fades: transform and opacity only, so the compositor runs it
            // without style recalculation or repaint on the main thread (box-shadow cost both).
            '&::after': {
              content: '""',
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              bgcolor: 'success.main',
              opacity: 0,
              animation: 'fit-live 1.8s ease-out infinite',
            },
            '@keyframes fit-live': {
              '0%': { transform: 'scale(1)', opacity: 0.45 },
              '100%': { transform: 'scale(2.25)', opacity: 0 },
            },
            '@media (prefers-reduced-motion: reduce)': { '&::after': { animation: 'none' } },
          }}
        />
      }
      sx={{ color: 'success.main', borderColor: 'tint.successBorder', fontWeight: 700 }}
    />
  );
}

function MetricBoard(props: { metric: BoardMetric; places: BoardPlace[] | null; uid: string | null }) {
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
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 30,
            height: 30,
            borderRadius: 2,
            color: 'onBrand.main',
            bgcolor: look.color,
          }}
        >
          {look.icon}
        </Box>
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
          <Typography variant="body2">{NO_DATA}</Typography>
        </Box>
      ) : (
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
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
        </Box>
      )}
    </Box>
  );
}

function PlaceRow(props: { place: BoardPlace; rank: number; unit: string; leader: number; own: boolean }) {
  const { place, rank, unit, leader, own } = props;
  const podium = PODIUM[rank] ?? PODIUM[2];
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
        bgcolor: (t: Theme) => medalOf(t, podium.medal).tint,
        ...(own ? { outline: '2px solid', outlineColor: 'primary.light' } : {}),
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Box
          aria-label={`${podium.label} place`}
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 24,
            height: 24,
            borderRadius: '50%',
            flexShrink: 0,
            fontSize: 12,
            fontWeight: 800,
            color: (t) => medalOf(t, podium.medal).ink,
            background: (t) => medalOf(t, podium.medal).medal,
            boxShadow: (t) => t.vars.palette.shadow.medal,
          }}
        >
          {rank + 1}
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <UserAvatar uid={place.uid} name={place.userName} size={28} />
        </Box>
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
          <ShownName name={place.userName} />
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
          '& .MuiLinearProgress-bar': { borderRadius: 3, bgcolor: (t) => medalOf(t, podium.medal).bar },
        }}
      />
    </Box>
  );
}
