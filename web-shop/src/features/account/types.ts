export type NotificationType = 'subscription' | 'security' | 'other';

/** One row of `GET /api/me/notifications`. */
export interface UserNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
}

export interface NotificationList {
  data: UserNotification[];
  unread: number;
}

/** `GET /api/me/notification-settings`. */
export interface NotificationSettings {
  emailNotifications: boolean;
  pushNotifications: boolean;
  subscriptionAlerts: boolean;
  securityAlerts: boolean;
  promotionalEmails: boolean;
}

export type NotificationSetting = keyof NotificationSettings;

/** One row of `GET /api/me/security-activity`. */
export interface SecurityEvent {
  id: string;
  /** `sign_in`, `sign_in_new_device`, `sign_in_failed:<reason>`, `password_changed`, ... */
  action: string;
  device: string | null;
  location: string | null;
  success: boolean;
  createdAt: string;
}

/** One row of `GET /api/me/sessions`. */
export interface AccountSession {
  id: string;
  /** As the server describes it: "Chrome on Windows". */
  device: string;
  /** A country code, a masked network, "Local network", or null when not known. */
  location: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session this browser is using. */
  current: boolean;
}

/** `POST /api/me/2fa/setup`. */
export interface TwoFactorSetup {
  otpauthUri: string;
  secret: string;
  /** A `data:image/png;base64,...` QR code of `otpauthUri`. */
  qrCode: string;
}
