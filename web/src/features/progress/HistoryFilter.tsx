/** The History card's activity filter: a select of the activities logged. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export function HistoryFilter(props: {
  value: string;
  activities: string[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Filter by activity"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 170, maxWidth: 240, flex: '0 1 240px' }}
    >
      <MenuItem value="">All activities</MenuItem>
      {props.activities.map((a) => (
        <MenuItem key={a} value={a}>
          {a}
        </MenuItem>
      ))}
    </TextField>
  );
}
