// The account screens' answers, as the API defines them.
export type {
  AccountSession,
  NotificationList,
  NotificationSetting,
  NotificationSettings,
  NotificationType,
  SecurityEvent,
  TwoFactorSetup,
  UserNotification,
} from '@shop/contracts';
