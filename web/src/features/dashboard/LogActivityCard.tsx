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
import { quoteOfTheDay } from './quotes.ts';

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
