/** The dashboard's user-visible alerts and success messages, exactly as the spec (section 8) words them. */
export const MSG = {
  fetchAvailableActivities: 'Failed to fetch available activities. Please try again.',
  fetchActivities: 'Failed to fetch activities. Please try again.',
  fetchWeights: 'Failed to fetch weight records. Please try again.',
  fetchProfile: 'Failed to fetch profile or goal. Please try again.',
  logActivity: 'Failed to log activity. Please try again.',
  saveProfile: 'Failed to save profile. Please try again.',
  logWeight: 'Failed to log weight. Please try again.',
  updateActivity: 'Failed to update activity.',
  deleteActivity: 'Failed to delete activity.',
  updateWeight: 'Failed to update weight record.',
  deleteWeight: 'Failed to delete weight record.',
  saveGoal: 'Failed to save goal.',
  profileSaved: 'Profile saved successfully!',
  goalSaved: 'Goal saved successfully!',
} as const;
