import type { DailyGoal } from '@fit/shared/model';
import type { Totals } from '@fit/shared/totals';
import FormatQuote from '@mui/icons-material/FormatQuote';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/SectionCard.tsx';
import type { Popup } from './DashboardDialogs.tsx';
import { GoalWidget } from './GoalWidget.tsx';
import { LogForm, type LogFormProps } from './LogActivityForm.tsx';

const QUOTES: readonly { text: string; author: string }[] = [
  { text: 'The only bad workout is the one that didn’t happen.', author: 'Unknown' },
  { text: 'Take care of your body. It’s the only place you have to live.', author: 'Jim Rohn' },
  { text: 'It never gets easier, you just get better.', author: 'Unknown' },
  { text: 'Motivation is what gets you started. Habit is what keeps you going.', author: 'Jim Ryun' },
  {
    text: 'Strength does not come from what you can do. It comes from overcoming what you once thought you couldn’t.',
    author: 'Rikki Rogers',
  },
  { text: 'Small steps every day add up to big results.', author: 'Unknown' },
  { text: 'The body achieves what the mind believes.', author: 'Napoleon Hill' },
  { text: 'Success is the sum of small efforts, repeated day in and day out.', author: 'Robert Collier' },
  { text: 'You don’t have to be extreme, just consistent.', author: 'Unknown' },
  { text: 'Exercise is a celebration of what your body can do.', author: 'Unknown' },
  { text: 'A one-hour workout is 4% of your day. No excuses.', author: 'Unknown' },
  { text: 'Discipline is choosing between what you want now and what you want most.', author: 'Unknown' },
];

/** The same quote for everyone all day; consecutive days get consecutive quotes. */
function quoteOfTheDay(date: string) {
  const day = Math.floor((Date.parse(date) || 0) / 86_400_000); // a YYYY-MM-DD parses as UTC midnight
  return QUOTES[((day % QUOTES.length) + QUOTES.length) % QUOTES.length] as (typeof QUOTES)[number];
}

/** Log Activity: the quote of the day, the daily goal and the form (memoized apart from the goal). */
export function LogActivityCard(
  props: LogFormProps & {
    today: string;
    goal: DailyGoal | null;
    goalLoaded: boolean;
    todayTotals: Totals | null;
    onShow: (popup: Popup) => void;
  },
) {
  const quote = quoteOfTheDay(props.today);
  return (
    <SectionCard
      title="Log Activity"
      action={
        <Button
          size="small"
          startIcon={<LocalFireDepartmentOutlined />}
          onClick={() => props.onShow('met')}
          sx={{ whiteSpace: 'nowrap', mt: -0.5 }}
        >
          MET values
        </Button>
      }
    >
      <Box
        component="figure"
        sx={{
          m: 0,
          mb: 2.5,
          p: 2,
          borderRadius: '14px',
          color: 'onBrand.main',
          background: (t) => t.vars.palette.gradient.hero,
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <FormatQuote
          sx={{ position: 'absolute', right: 8, top: 4, fontSize: 56, opacity: 0.18 }}
          aria-hidden
        />
        <Typography
          component="blockquote"
          sx={{ m: 0, fontWeight: 600, fontSize: '1.02rem', lineHeight: 1.45, pr: 4 }}
        >
          “{quote.text}”
        </Typography>
        <Typography component="figcaption" variant="body2" sx={{ mt: 0.75, opacity: 0.85 }}>
          — {quote.author}
        </Typography>
      </Box>
      <GoalWidget
        goal={props.goal}
        loaded={props.goalLoaded}
        today={props.todayTotals}
        onSetGoal={() => props.onShow('goal')}
      />

      <LogForm
        weight={props.weight}
        lastActivityType={props.lastActivityType}
        lastActivityKnown={props.lastActivityKnown}
        saved={props.saved}
        savedFailed={props.savedFailed}
      />
    </SectionCard>
  );
}
