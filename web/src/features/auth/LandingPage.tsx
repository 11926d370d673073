/** `/`: welcome text and a Login button, with what FitTrack does. */
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import FitnessCenter from '@mui/icons-material/FitnessCenter';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import MonitorWeightOutlined from '@mui/icons-material/MonitorWeightOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { onBrandSurface } from '../../app/theme/index.ts';
import { Brand } from '../../components/Brand.tsx';
import { IconTile } from '../../components/IconTile.tsx';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <FitnessCenter />,
    title: 'Log any workout',
    text: 'Over 80 activities, from bench press to yoga, with reps, minutes and weight lifted.',
  },
  {
    icon: <LocalFireDepartmentOutlined />,
    title: 'Hit a daily goal',
    text: 'Set a target in reps, minutes or calories and watch today’s progress fill up.',
  },
  {
    icon: <MonitorWeightOutlined />,
    title: 'Know your numbers',
    text: 'Calories burned, BMI, BMR and a weight plan that stays safe and realistic.',
  },
  {
    icon: <EmojiEventsOutlined />,
    title: 'Train together',
    text: 'Share posts, see what others are doing and climb the daily, weekly and monthly boards.',
  },
];

export function LandingPage() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          color: 'onBrand.main',
          background: (t) => t.vars.palette.gradient.brand,
          ...onBrandSurface,
          pb: { xs: 7, md: 11 },
        }}
      >
        <Container maxWidth="lg">
          <Box sx={{ py: { xs: 2.5, md: 3.5 } }}>
            <Brand inverse size="large" />
          </Box>
        </Container>
        <Container maxWidth="md" sx={{ textAlign: 'center', pt: { xs: 4, md: 8 } }}>
          <Typography
            variant="h2"
            component="h1"
            sx={{ fontSize: { xs: '2.25rem', sm: '3rem', md: '3.6rem' }, lineHeight: 1.08 }}
          >
            Welcome to FitTrack
          </Typography>
          <Typography
            sx={{
              mt: 2.5,
              mx: 'auto',
              maxWidth: 620,
              fontSize: { xs: '1.05rem', md: '1.25rem' },
              color: 'onBrand.soft',
              lineHeight: 1.6,
            }}
          >
            Log your workouts and body weight, set a daily goal, and see exactly what every session is worth.
            Your training, your numbers, your community.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 4.5, justifyContent: 'center', alignItems: 'center' }}
          >
            <Button
              component={RouterLink}
              to="/login"
              size="large"
              variant="contained"
              sx={{
                bgcolor: 'onBrand.main',
                color: 'onBrand.ink',
                minWidth: 180,
                '&:hover': { bgcolor: 'onBrand.raised' },
              }}
            >
              Login
            </Button>
            <Button
              component={RouterLink}
              to="/signup"
              size="large"
              variant="outlined"
              sx={{
                color: 'onBrand.main',
                borderColor: 'onBrand.outline',
                minWidth: 180,
                '&:hover': { borderColor: 'onBrand.main', bgcolor: 'onBrand.hover' },
              }}
            >
              Create an account
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container component="main" maxWidth="lg" sx={{ mt: { xs: -4, md: -6 }, pb: 8 }}>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: { xs: 2, md: 2.5 },
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {FEATURES.map((feature) => (
            <Box
              component="li"
              key={feature.title}
              sx={{
                bgcolor: 'background.paper',
                border: 1,
                borderColor: 'divider',
                borderRadius: '20px',
                p: 3,
                boxShadow: (t) => t.vars.palette.shadow.card,
              }}
            >
              <IconTile size={44} mb={2}>
                {feature.icon}
              </IconTile>
              <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
                {feature.title}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.75, lineHeight: 1.6 }}>
                {feature.text}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', mt: { xs: 5, md: 7 } }}>
          FitTrack · Train with purpose, track with confidence.
        </Typography>
      </Container>
    </Box>
  );
}
