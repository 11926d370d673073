/**
 * A determinate progress bar (the goal and the period targets on /user). MUI's LinearProgress
 * draws the same, but brings its indeterminate and buffer animations (about 2 KB gzip) into the
 * dashboard's first render, where no bar is ever indeterminate. Same role, values and label, and
 * the same default track colour (the palette's `LinearProgress` tokens).
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

type BarColor = 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';

export function ProgressBar({
  value,
  label,
  color = 'primary',
  sx,
}: {
  /** 0-100; anything outside is drawn at the nearest end. */
  value: number;
  label: string;
  color?: BarColor;
  sx?: SxProps<Theme>;
}) {
  const shown = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuenow={shown}
      aria-valuemin={0}
      aria-valuemax={100}
      sx={[
        {
          position: 'relative',
          overflow: 'hidden',
          height: 4,
          bgcolor: `LinearProgress.${color}Bg`,
          // Forced colours (Windows high contrast) drop backgrounds: the outline keeps the track.
          '@media (forced-colors: active)': { outline: '1px solid CanvasText' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          borderRadius: 'inherit',
          bgcolor: `${color}.main`,
          transform: `translateX(${shown - 100}%)`,
          transition: 'transform 0.4s linear',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          '@media (forced-colors: active)': { bgcolor: 'Highlight' },
        }}
      />
    </Box>
  );
}
