import TextField from '@mui/material/TextField';
import { type KeyboardEvent, memo } from 'react';

/**
 * Enter posts, Shift+Enter starts a new line. Memoized: a multiline field measures its height (a
 * page layout) at every render, and the card renders at every feed change and clock tick.
 */
export const PostField = memo(function PostField(props: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  disabled: boolean;
  error: boolean;
  helperText: string | undefined;
}) {
  const { onChange, onSubmit } = props;
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  }
  return (
    <TextField
      value={props.value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
      placeholder="Write a post…"
      disabled={props.disabled}
      multiline
      maxRows={4}
      size="small"
      error={props.error}
      helperText={props.helperText}
      slotProps={{ htmlInput: { 'aria-label': 'Post message' } }}
    />
  );
});
