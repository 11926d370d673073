/**
 * `/user`: the display-name prompt while the profile has none, the spec's dashboard, then the
 * progress cards (each a feature of its own, composed here).
 */
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
