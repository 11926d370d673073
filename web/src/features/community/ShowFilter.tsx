/** Everyone or Following: whose posts, activities and boards the community page shows. */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Show } from './useCommunityData.ts';

const FOLLOWING_NONE = 'You follow no one yet. Select a name on this page to follow that person.';

export function ShowFilter(props: {
  show: Show;
  onShow: (show: Show) => void;
  followingCount: number | null;
}) {
  const labelId = useId();
  return (
    <Stack sx={{ gap: 1.5, mb: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={labelId} variant="body2" color="textSecondary" sx={{ fontWeight: 600 }}>
          Show
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={props.show}
          aria-labelledby={labelId}
          onChange={(_, value: Show | null) => {
            if (value) props.onShow(value);
          }}
        >
          <ToggleButton value="everyone" sx={{ px: 2 }}>
            Everyone
          </ToggleButton>
          <ToggleButton value="following" sx={{ px: 2 }}>
            Following
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {props.show === 'following' && props.followingCount === 0 && (
        <Alert severity="info" data-testid="following-none">
          {FOLLOWING_NONE}
        </Alert>
      )}
    </Stack>
  );
}
