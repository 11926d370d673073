/** A person's recent activities on their profile: the newest of theirs in the community feed. */
import { ALERT_FETCH_COMMUNITY } from '@fit/shared/messages';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { usePersonActivities } from '../../data/follow-hooks.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function PersonActivities({ uid }: { uid: string }) {
  const activities = usePersonActivities(uid);
  const list = activities.data;
  return (
    <SectionCard title="Recent activity">
      {activities.isError && list === undefined ? (
        <LoadFailed message={ALERT_FETCH_COMMUNITY} sx={{ mb: 0 }} />
      ) : list === undefined ? (
        <Skeleton variant="rounded" height={96} />
      ) : list.length === 0 ? (
        <Typography color="textSecondary">No recent activity.</Typography>
      ) : (
        <List disablePadding aria-label="Recent activities" data-testid="person-activities">
          {list.map((a) => (
            <ListItem key={a.repId} disableGutters divider>
              <ListItemText
                primary={a.activityType}
                secondary={[
                  a.count > 0 && `${a.count.toLocaleString()} reps`,
                  a.time > 0 && `${a.time.toLocaleString()} min`,
                  when.format(a.timestamp),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
