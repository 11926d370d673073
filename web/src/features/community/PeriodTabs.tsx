import { BOARD_KINDS, type BoardKind } from '@fit/shared/model';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { Theme } from '@mui/material/styles';
import { type KeyboardEvent, memo } from 'react';

const KIND_LABEL: Record<BoardKind, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** The ids tying each period's tab and the boards' panel together (`tabsId` from useId). */
export const tabIdOf = (tabsId: string, kind: BoardKind) => `${tabsId}-${kind}`;
export const panelIdOf = (tabsId: string) => `${tabsId}-panel`;

/**
 * The period tabs: a tab list whose selected tab draws its own raised background.
 * Not MUI's `Tabs`: that measures itself (its sliding indicator's place) after every render it takes
 * part in, and each measurement laid out the whole page (five times as /community loaded, and again
 * at every board update and every minute's redraw). Keys as WAI-ARIA's tabs pattern: Left and Right
 * (wrapping), Home and End move to a period and show it; only the shown one is in the Tab order.
 */
export const PeriodTabs = memo(function PeriodTabs(props: {
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
