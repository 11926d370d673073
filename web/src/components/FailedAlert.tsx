import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

export interface FailedProps {
  message: string;
  sx?: SxProps<Theme> | undefined;
}

/**
 * A failure's alert with its Retry button, with no tie to the data layer: LoadFailed's look, for
 * what the entry chunk holds (lazy-part.tsx), which must not bring the query cache with it.
 */
export function FailedAlert(props: FailedProps & { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      role="alert"
      sx={props.sx ?? { mb: 2 }}
      action={
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={props.onRetry}>
          Retry
        </Button>
      }
    >
      {props.message}
    </Alert>
  );
}
