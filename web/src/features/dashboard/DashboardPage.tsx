/** `/user`: the main dashboard. Placeholder until the dashboard feature lands (owned by its engineer). */
import Alert from '@mui/material/Alert';
import { PageHeader } from '../../components/PageHeader.tsx';

export function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Log activities, track your weight and follow your daily goal."
      />
      <Alert severity="info">Your dashboard is on its way.</Alert>
    </>
  );
}
