/** Leaderboards: Reps, Minutes and Calories top 3 of the current day, week or month (`now` ticks). */
import { currentPlaces } from '@fit/shared/community';
import { BOARD_KINDS, BOARD_METRICS, type BoardKind } from '@fit/shared/model';
import { addDays, browserTimeZone, periodWindow } from '@fit/shared/periods';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type Boards, boardsTimeZone } from '../../data/community.ts';
import { boardZoneNote, calendarText } from './board-zone.ts';
import { CommunityCard } from './CommunityCard.tsx';
import { LiveChip } from './LiveChip.tsx';
import { MetricBoard } from './MetricBoard.tsx';

const KIND_LABEL: Record<BoardKind, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

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
          <Tabs
            value={kind}
            onChange={(_, k: BoardKind) => setKind(k)}
            selectionFollowsFocus
            variant="fullWidth"
            aria-label="Leaderboard period"
            slotProps={{ indicator: { sx: { display: 'none' } } }}
            sx={{
              minHeight: 0,
              p: 0.5,
              borderRadius: 3,
              bgcolor: 'surface.muted',
              width: { xs: '100%', sm: 360 },
            }}
          >
            {BOARD_KINDS.map((k) => (
              <Tab
                key={k}
                value={k}
                label={KIND_LABEL[k]}
                id={`${tabsId}-${k}`}
                aria-controls={`${tabsId}-panel`}
                sx={{
                  minHeight: 32,
                  py: 0.5,
                  borderRadius: 2.5,
                  fontWeight: 700,
                  '&.Mui-selected': {
                    color: 'text.primary',
                    bgcolor: 'background.paper',
                    boxShadow: (t) => t.vars.palette.shadow.raised,
                  },
                }}
              />
            ))}
          </Tabs>
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
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${kind}`}
        sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: { xs: 2, sm: 3 } }}
      >
        {/* Phones swipe between the boards, desktops see them side by side; focusable to scroll by keys. */}
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
