import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

export interface FailedProps {
  message: string;
  sx?: SxProps<Theme> | undefined;
}

/** The alert's second line (what happens next), and its Retry (none: nothing to do now). */
interface FailedExtras {
  note?: string | undefined;
  onRetry?: (() => void) | undefined;
}

/**
 * A failure's alert with its Retry button, with no tie to the data layer: LoadFailed's look, for
 * what the entry chunk holds (lazy-part.tsx), which must not bring the query cache with it.
 */
export function FailedAlert(props: FailedProps & FailedExtras) {
  return (
    <Alert
      severity="error"
      role="alert"
      sx={props.sx ?? { mb: 2 }}
      action={
        props.onRetry && (
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={props.onRetry}>
            Retry
          </Button>
        )
      }
    >
      {props.message}
      {props.note && <Box sx={{ mt: 0.5, fontSize: '0.8125rem' }}>{props.note}</Box>}
    </Alert>
  );
}
