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
 * Not MUI's `Tabs`: it measures its indicator after every render, each a layout of the whole page
 * (five as /community loaded, more at every board update). Keys as WAI-ARIA's tabs pattern.
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
