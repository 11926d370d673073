import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The FitTrack mark and word. `inverse` is for dark backgrounds. */
export function Brand({
  inverse = false,
  size = 'medium',
}: {
  inverse?: boolean;
  size?: 'medium' | 'large';
}) {
  const mark = size === 'large' ? 40 : 32;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden="true"
        sx={{
          width: mark,
          height: mark,
          flexShrink: 0,
          display: 'block',
          '& rect': { fill: (t) => (inverse ? t.vars.palette.onBrand.main : t.vars.palette.brand.mark) },
          '& path': { stroke: (t) => (inverse ? t.vars.palette.brand.mark : t.vars.palette.brand.markInk) },
        }}
      >
        <rect width="64" height="64" rx="16" />
        <path
          d="M14 38l10-12 8 9 8-13 10 16"
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size === 'large' ? '1.6rem' : '1.3rem',
          letterSpacing: '-0.03em',
          color: inverse ? 'onBrand.main' : 'text.primary',
          lineHeight: 1,
        }}
      >
        Fit
        <Box component="span" sx={{ color: inverse ? 'onBrand.dot' : 'primary.main' }}>
          Track
        </Box>
      </Typography>
    </Box>
  );
}
