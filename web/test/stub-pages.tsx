/**
 * Stand-ins for the dashboard, progress and community screens (other features, tested on their own), so
 * these tests exercise only routing, guards and the top bar.
 */
export function DashboardPage() {
  return <h1>Dashboard stub</h1>;
}

export function CommunityPage() {
  return <h1>Community stub</h1>;
}

export function ProgressSection() {
  return null;
}
