import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';

const BAR = '& .MuiLinearProgress-bar';
// Forced colours (Windows high contrast) drop backgrounds: the outline keeps the track.
const ACCESSIBLE = {
  '@media (forced-colors: active)': { outline: '1px solid CanvasText', [BAR]: { bgcolor: 'Highlight' } },
  '@media (prefers-reduced-motion: reduce)': { [BAR]: { transition: 'none' } },
} as const;

/** A determinate progress bar (the goal and the period targets on /user). */
export function ProgressBar({
  value,
  label,
  color = 'primary',
  sx,
}: {
  /** 0-100; anything outside is drawn at the nearest end. */
  value: number;
  label: string;
  color?: 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';
  sx?: SxProps<Theme>;
}) {
  return (
    <LinearProgress
      variant="determinate"
      value={Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0}
      color={color}
      aria-label={label}
      sx={[ACCESSIBLE, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
