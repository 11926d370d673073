/**
 * The frame of the sign-in screens: on wide screens a brand panel beside the form, on phones the
 * brand above it.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { onBrandSurface } from '../../app/theme/index.ts';
import { Brand } from '../../components/Brand.tsx';

const POINTS = [
  'Log every set, run and stretch in seconds',
  'Hit a daily goal in reps, minutes or calories',
  'Know your calories, BMI and BMR at a glance',
  'Climb the community leaderboards',
];

export function AuthShell(props: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
        bgcolor: 'background.default',
      }}
    >
      {/* A landmark of its own, so all of the page is inside one (axe 'region'). */}
      <Box
        component="aside"
        aria-label="About FitTrack"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: 'onBrand.main',
          background: (t) => t.vars.palette.gradient.brand,
          ...onBrandSurface,
        }}
      >
        <Box component={RouterLink} to="/" aria-label="FitTrack home" sx={{ textDecoration: 'none' }}>
          <Brand inverse size="large" />
        </Box>
        <Box>
          <Typography component="p" sx={{ fontSize: '2.2rem', fontWeight: 800, lineHeight: 1.15, mb: 3 }}>
            Every rep counts.
            <br />
            Make them count here.
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {POINTS.map((point) => (
              <Stack
                component="li"
                key={point}
                direction="row"
                sx={{ alignItems: 'center', gap: 1.5, fontSize: '1.05rem', color: 'onBrand.soft' }}
              >
                <Box
                  aria-hidden="true"
                  sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'onBrand.dot', flexShrink: 0 }}
                />
                {point}
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ color: 'onBrand.softer' }}>
          Train with purpose. Track with FitTrack.
        </Typography>
      </Box>

      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: { xs: 'flex-start', md: 'center' },
          px: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 6 },
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          aria-label="FitTrack home"
          sx={{ display: { xs: 'inline-flex', md: 'none' }, textDecoration: 'none', mb: 3, mt: 1 }}
        >
          <Brand size="large" />
        </Box>
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 440,
            p: { xs: 3, sm: 4.5 },
            borderRadius: '20px',
            boxShadow: (t) => t.vars.palette.shadow.panel,
          }}
        >
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.9rem' } }}>
            {props.title}
          </Typography>
          {props.subtitle && (
            <Typography color="textSecondary" sx={{ mt: 1 }}>
              {props.subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 3 }}>{props.children}</Box>
        </Paper>
      </Box>
    </Box>
  );
}
