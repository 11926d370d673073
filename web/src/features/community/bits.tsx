/** Small pieces shared by the community cards: avatar with initials, relative time with the full date on hover. */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { avatarColor, fullDateTime, initials, relativeTime } from './format.ts';

/** `wide`: shown from sm up only (phones' rows are short of room). */
export function UserAvatar(props: { uid: string; name: string; size?: number; wide?: boolean }) {
  const { uid, name, size = 36 } = props;
  return (
    <Avatar
      aria-hidden
      sx={{
        display: props.wide ? { xs: 'none', sm: 'flex' } : undefined,
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 700,
        bgcolor: (t) => avatarColor(uid || name, t.vars.palette.avatar.length),
        color: 'onBrand.main',
      }}
    >
      {initials(name)}
    </Avatar>
  );
}

/**
 * "5 min ago", the full date as its title (hover, and screen readers' description). Not MUI's
 * Tooltip: up to 60 of them, each a component tree with hooks, slowed the feeds' render.
 */
export function RelativeTime({ timestamp, now }: { timestamp: number; now: number }) {
  return (
    <Box
      component="time"
      dateTime={new Date(timestamp).toISOString()}
      title={fullDateTime(timestamp)}
      sx={{ cursor: 'default' }}
    >
      {relativeTime(timestamp, now)}
    </Box>
  );
}

/** A card's empty list: a faint icon over the invitation. */
export function Empty(props: { icon: ReactNode; text: string }) {
  return (
    <Box
      sx={{
        px: 3,
        pb: 4,
        pt: 2,
        textAlign: 'center',
        color: 'text.secondary',
        '& svg': { fontSize: 40, opacity: 0.4 },
      }}
    >
      {props.icon}
      <Typography>{props.text}</Typography>
    </Box>
  );
}

/** The mark beside the viewer's own name in a community list (hidden on phones, where room is short). */
export function YouChip(props: { variant: 'outlined' | 'filled'; sx?: SxProps<Theme> }) {
  return (
    <Chip
      label="You"
      size="small"
      color="primary"
      variant={props.variant}
      sx={[
        { display: { xs: 'none', sm: 'inline-flex' } },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    />
  );
}
