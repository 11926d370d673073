/**
 * System, Light or Dark: a device preference (MUI's `useColorScheme`, in localStorage), not the
 * profile's, so each screen keeps its own and it applies before sign-in and before the first paint.
 */
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import { useColorScheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ReactNode } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';

type Mode = 'system' | 'light' | 'dark';

const MODES: { value: Mode; label: string; icon: ReactNode }[] = [
  { value: 'system', label: 'System', icon: <SettingsBrightnessOutlined fontSize="small" /> },
  { value: 'light', label: 'Light', icon: <LightModeOutlined fontSize="small" /> },
  { value: 'dark', label: 'Dark', icon: <DarkModeOutlined fontSize="small" /> },
];

export function AppearanceSection() {
  const { mode, setMode } = useColorScheme();
  return (
    <SectionCard
      title="Appearance"
      subtitle="The theme on this device. System follows its light or dark setting."
    >
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        aria-label="Theme"
        value={mode ?? 'system'}
        // A second press on the chosen button passes null: the choice stays.
        onChange={(_, next: Mode | null) => next && setMode(next)}
      >
        {MODES.map((m) => (
          <ToggleButton key={m.value} value={m.value} sx={{ gap: 1, py: 1 }}>
            {m.icon}
            {m.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </SectionCard>
  );
}
