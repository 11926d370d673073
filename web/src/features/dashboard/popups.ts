/**
 * The dashboard's popups that open by a flag (`DashboardDialogs`), so the page can hold their state
 * apart from the popups. Several may be open at once: one opens another
 * on top (calories help over All Activities, MET values over calories help).
 */
export type Popup = 'goal' | 'met' | 'caloriesHelp' | 'allActivities' | 'bmi' | 'bmr' | 'allWeights';
export type OpenPopups = Readonly<Record<Popup, boolean>>;
export const NO_POPUPS: OpenPopups = {
  goal: false,
  met: false,
  caloriesHelp: false,
  allActivities: false,
  bmi: false,
  bmr: false,
  allWeights: false,
};
