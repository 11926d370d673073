import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { recall } from '../../data/device-memory.ts';
import { fieldsGrid } from './ActivityFields.tsx';

// The inputs the form showed last time (only the field names), so that its placeholder has the
// form's height: a form that grows when its data arrives moves every card below it.
export function rememberedFields(uid: string): string[] {
  const saved =
    recall('logFields', uid)
      ?.split(',')
      .filter((f) => INPUT_NAMES.includes(f)) ?? [];
  return saved.length > 0 ? saved : ['time'];
}
const INPUT_NAMES = ['count', 'time', 'weightLifted', 'distance'];

/** The form's shape while its data loads: picker, inputs, calories line, date and its hint. */
export function FormPlaceholder({ fields }: { fields: readonly string[] }) {
  return (
    <Stack spacing={2} aria-busy="true">
      <Skeleton variant="rounded" height={56} />
      <Box sx={fieldsGrid(fields.length)}>
        {fields.map((field) => (
          <Skeleton key={field} variant="rounded" height={56} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={22} width="60%" />
      <Box>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={20} width="70%" sx={{ mt: '3px' }} />
      </Box>
    </Stack>
  );
}
