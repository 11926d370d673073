/** `/community`: posts, recent activity and leaderboards. Placeholder until the community feature lands. */
import Alert from '@mui/material/Alert';
import { PageHeader } from '../../components/PageHeader.tsx';

export function CommunityPage() {
  return (
    <>
      <PageHeader title="Community" subtitle="Posts, recent activity and leaderboards." />
      <Alert severity="info">The community page is on its way.</Alert>
    </>
  );
}
