/** `/user`: the display-name prompt while the profile has none, the dashboard, the progress cards. */
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { DisplayNamePrompt } from '../features/onboarding/DisplayNamePrompt.tsx';
import { ProgressSection } from '../features/progress/ProgressSection.tsx';

export function UserPage() {
  return (
    <>
      <DisplayNamePrompt />
      <DashboardPage />
      <ProgressSection />
    </>
  );
}
