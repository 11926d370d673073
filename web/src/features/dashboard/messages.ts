/** The dashboard's user-visible alerts and success messages, from the spec's catalogue (section 8). */
import {
  ALERT_DELETE_ACTIVITY,
  ALERT_DELETE_WEIGHT,
  ALERT_FETCH_ACTIVITIES,
  ALERT_FETCH_AVAILABLE_ACTIVITIES,
  ALERT_FETCH_PROFILE_OR_GOAL,
  ALERT_FETCH_WEIGHTS,
  ALERT_LOG_ACTIVITY,
  ALERT_LOG_WEIGHT,
  ALERT_SAVE_GOAL,
  ALERT_SAVE_PROFILE,
  ALERT_UPDATE_ACTIVITY,
  ALERT_UPDATE_WEIGHT,
  SUCCESS_GOAL_SAVED,
  SUCCESS_PROFILE_SAVED,
} from '@fit/shared/messages';

export const MSG = {
  fetchAvailableActivities: ALERT_FETCH_AVAILABLE_ACTIVITIES,
  fetchActivities: ALERT_FETCH_ACTIVITIES,
  fetchWeights: ALERT_FETCH_WEIGHTS,
  fetchProfile: ALERT_FETCH_PROFILE_OR_GOAL,
  logActivity: ALERT_LOG_ACTIVITY,
  saveProfile: ALERT_SAVE_PROFILE,
  logWeight: ALERT_LOG_WEIGHT,
  updateActivity: ALERT_UPDATE_ACTIVITY,
  deleteActivity: ALERT_DELETE_ACTIVITY,
  updateWeight: ALERT_UPDATE_WEIGHT,
  deleteWeight: ALERT_DELETE_WEIGHT,
  saveGoal: ALERT_SAVE_GOAL,
  profileSaved: SUCCESS_PROFILE_SAVED,
  goalSaved: SUCCESS_GOAL_SAVED,
} as const;
