import { z } from 'zod';
import { text } from './text.js';
import { PASSWORD_MIN_LENGTH, RECOVERY_CODE, TOTP_CODE } from './vocabulary.js';
import { ROLES } from './vocabulary.js';

/** The address an account signs in with and is mailed at. */
export const accountEmail = z.email().max(254);

const newPassword = () => text({ min: PASSWORD_MIN_LENGTH, max: 200, trim: false });
/** A password as typed at sign-in or to confirm a change: its length is checked when it is chosen. */
const typedPassword = () => text({ max: 200, trim: false });

// Sign-up, sign-in and sessions.

/** `POST /api/auth/sign-up`. */
export const signUpRequest = z.strictObject({
  email: accountEmail,
  password: newPassword(),
  fullName: text({ max: 100 }).optional(),
});
export type SignUpRequest = z.input<typeof signUpRequest>;

/** What `POST /api/auth/sign-up` answers: the account, without a session (sign in next). */
export const createdAccount = z
  .object({ id: z.string(), email: z.string(), fullName: z.string() })
  .meta({ id: 'CreatedAccount' });
export type CreatedAccount = z.infer<typeof createdAccount>;

/** `POST /api/auth/sign-in`. */
export const signInRequest = z.strictObject({
  email: text({ max: 254 }),
  password: typedPassword(),
  /** Asked for when the first attempt fails with `auth.second_factor_required`. */
  totpCode: text({ max: 20 }).optional(),
});
export type SignInRequest = z.input<typeof signInRequest>;

/** `POST /api/auth/sign-in/second-factor`: completes a sign-in held for its second factor. */
export const secondFactorRequest = z.strictObject({
  totpCode: text({ min: 1, max: 20 }).describe('A code from the authenticator app, or a recovery code'),
});
export type SecondFactorRequest = z.input<typeof secondFactorRequest>;

/** `POST /api/auth/sign-out`: this device (local) or every device (global). */
export const signOutRequest = z.strictObject({ scope: z.enum(['local', 'global']).default('local') });
export type SignOutRequest = z.input<typeof signOutRequest>;

/** `POST /api/auth/refresh`: browsers send the refresh token as a cookie, other clients in the body. */
export const refreshRequest = z.strictObject({ refreshToken: text({ max: 200 }).optional() });
export type RefreshRequest = z.input<typeof refreshRequest>;

/** What a sign-in or a refresh answers; browsers also get the same tokens as cookies. */
export const signedInSession = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int(),
    refreshToken: z.string(),
    user: z.object({ id: z.string(), roles: z.array(z.enum(ROLES)) }),
  })
  .meta({ id: 'Session' });
export type SignedInSession = z.infer<typeof signedInSession>;

// Forgotten password.

/** `POST /api/auth/password-reset`. */
export const passwordResetRequest = z.strictObject({ email: accountEmail });
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

/** The same answer whether or not an account uses the address. */
export const passwordResetAccepted = z.object({ accepted: z.literal(true) }).meta({ id: 'PasswordResetAccepted' });
export type PasswordResetAccepted = z.infer<typeof passwordResetAccepted>;

/** `POST /api/auth/password-reset/confirm` with the token from the e-mail. */
export const passwordResetConfirmRequest = z.strictObject({
  token: text({ min: 1, max: 200 }),
  newPassword: newPassword(),
});
export type PasswordResetConfirmRequest = z.input<typeof passwordResetConfirmRequest>;

// External sign-in providers.

/** One row of `GET /api/auth/providers`. */
export const signInProvider = z.object({
  name: z.string().describe('e.g. google'),
  startUrl: z.string().describe('Where to send the browser (a navigation); add ?returnTo=/path to come back there'),
});
export type SignInProvider = z.infer<typeof signInProvider>;

export const signInProviders = z.object({ data: z.array(signInProvider) }).meta({ id: 'SignInProviders' });
export type SignInProviders = z.infer<typeof signInProviders>;

/** `GET /api/auth/oidc/:provider`. */
export const externalSignInStartQuery = z.object({
  returnTo: text({ max: 512 }).optional().describe('A path of this site to land on afterwards, e.g. /profile'),
});

/** `GET /api/auth/oidc/:provider/callback`: what the provider sends back, a code or a refusal. */
export const externalSignInCallbackQuery = z.object({
  code: text({ max: 2048 }).optional(),
  state: text({ max: 512 }).optional(),
  iss: text({ max: 2048 }).optional(),
  error: text({ max: 200 }).optional(),
  error_description: text({ max: 2048 }).optional(),
});

// The signed-in profile.

/** `GET /api/me`: the signed-in profile. */
export const profile = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    memberSince: z.string(),
    /** `customer`, then any staff roles. */
    roles: z.array(z.enum(ROLES)),
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profile>;

/** `PATCH /api/me`. */
export const profileUpdateRequest = z.strictObject({ fullName: text({ min: 1, max: 100 }) });
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;

/** `POST /api/me/password`: the current password is checked. */
export const passwordChangeRequest = z.strictObject({
  currentPassword: typedPassword(),
  newPassword: newPassword(),
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;

/** One row of `GET /api/me/security-activity`. */
export const securityEvent = z
  .object({
    id: z.string(),
    action: z.string().describe('sign_in, sign_in_new_device, sign_in_failed:<reason>, password_changed, ...'),
    device: z.string().nullable(),
    location: z.string().nullable(),
    success: z.boolean(),
    createdAt: z.string().describe('ISO-8601 UTC'),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof securityEvent>;

export const securityActivity = z.object({ data: z.array(securityEvent) });
export type SecurityActivity = z.infer<typeof securityActivity>;

/** One row of `GET /api/me/sessions`. */
export const accountSession = z
  .object({
    id: z.string(),
    device: z.string().describe('Browser and system, e.g. "Chrome on Windows"'),
    location: z.string().nullable().describe('Country, or the network with its last part masked'),
    createdAt: z.string().describe('ISO-8601 UTC: the sign-in'),
    lastSeenAt: z.string().describe('ISO-8601 UTC, to the minute'),
    current: z.boolean().describe('The session this request came with'),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessions = z.object({ data: z.array(accountSession) });
export type AccountSessions = z.infer<typeof accountSessions>;

// Two-factor sign-in.

/** `POST /api/me/2fa/setup`: a new secret to scan. */
export const twoFactorSetup = z
  .object({
    otpauthUri: z.string(),
    secret: z.string(),
    qrCode: z.string().describe('A data:image/png;base64,... QR code of otpauthUri'),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** `POST /api/me/2fa/enable`. */
export const twoFactorEnableRequest = z.strictObject({
  code: z.string().trim().regex(TOTP_CODE, 'Six digits from the app').describe('Six digits from the app'),
});
export type TwoFactorEnableRequest = z.input<typeof twoFactorEnableRequest>;

/** Two-factor is on: the single-use recovery codes, shown this once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** `POST /api/me/2fa/disable`. */
export const twoFactorDisableRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .refine((code) => TOTP_CODE.test(code) || RECOVERY_CODE.test(code), 'Six digits or a recovery code')
    .describe('Six digits from the app, or a recovery code (xxxxx-xxxxx)'),
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequest>;
