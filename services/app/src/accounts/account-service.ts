import type { AccountCommand, Role, StaffRole } from '@shop/domain';
import type { EventMetadata } from '@shop/event-store';
import { AccountCommands, type RoleChange } from './account-commands.js';
import type { AccountServiceDependencies, ClientContext, IssuedSession } from './account-dependencies.js';
import { ExternalSignIn, type ExternalIdentityClaims } from './external-sign-in.js';
import { OperatorAccounts, type OperatorContext } from './operator-accounts.js';
import { Passwords } from './passwords.js';
import { Registration } from './registration.js';
import { Sessions, type SessionView } from './sessions.js';
import { SignIn } from './sign-in.js';

export {
  ACCOUNT_SNAPSHOTS,
  normalizeEmail,
  type AccountServiceDependencies,
  type ClientContext,
  type IssuedSession,
} from './account-dependencies.js';
export { EXTERNAL_EMAIL_NOT_VERIFIED, type ExternalIdentityClaims } from './external-sign-in.js';
export { PASSWORD_RESET_RATE_LIMITED } from './passwords.js';
export type { OperatorContext } from './operator-accounts.js';
export type { SessionView } from './sessions.js';
export { HELD_SIGN_IN_TTL_SECONDS } from './sign-in.js';

/**
 * Sign-up, sign-in, sessions and passwords: secrets in ordinary tables, facts in the log. One entry
 * point for the API, the runtime and the CLI; each responsibility lives in its own module.
 */
export class AccountService {
  private readonly commands: AccountCommands;
  private readonly registration: Registration;
  private readonly sessions: Sessions;
  private readonly signIns: SignIn;
  private readonly passwords: Passwords;
  private readonly externalSignIns: ExternalSignIn;
  private readonly operator: OperatorAccounts;
  private readonly adminEmails: readonly string[];

  constructor(deps: AccountServiceDependencies) {
    this.adminEmails = deps.config.adminEmails;
    this.commands = new AccountCommands(deps);
    this.registration = new Registration(deps, this.commands);
    this.sessions = new Sessions(deps, this.commands);
    this.signIns = new SignIn(deps, this.commands, this.sessions);
    this.passwords = new Passwords(deps, this.commands, this.sessions);
    this.externalSignIns = new ExternalSignIn(deps, this.registration);
    this.operator = new OperatorAccounts(deps, this.commands, this.registration);
  }

  /** The back-office opens an account and mails the person a link to choose a password. */
  openForCustomer(input: { email: string; fullName?: string }, context: OperatorContext) {
    return this.operator.create(input, context);
  }

  correctAccount(
    userId: string,
    input: { email?: string; fullName?: string; profileVersion?: number },
    context: OperatorContext,
  ) {
    return this.operator.update(userId, input, context);
  }

  /**
   * GDPR erasure: the person's key destroyed, their rows outside the log removed, recorded with the
   * operator. `beforeErasure` ends what must end with them (their live subscriptions), once the erasure is allowed.
   */
  erasePerson(userId: string, context: OperatorContext, beforeErasure?: () => Promise<void>) {
    return this.operator.erase(userId, context, beforeErasure);
  }

  execute(command: AccountCommand, context: { correlationId?: string; actor?: EventMetadata['actor'] } = {}) {
    return this.commands.execute(command, context);
  }

  seal(userId: string, value: string) {
    return this.commands.seal(userId, value);
  }

  currentRoles(userId: string): Promise<Role[]> {
    return this.commands.currentRoles(userId);
  }

  /**
   * Turns two-factor on with a code from the app (after `beginSetup`); returns the recovery codes.
   * The account's other sessions end: opened with the password alone, they never gave a second
   * factor, and staff powers, which need one, would otherwise come to them with it.
   */
  async enableTwoFactor(userId: string, sessionId: string, code: string, client: ClientContext): Promise<string[]> {
    const recoveryCodes = await this.commands.enableTwoFactor(userId, code, client);
    await this.sessions.revokeAllOf(userId, 'two_factor_enabled', { keepSessionId: sessionId });
    return recoveryCodes;
  }

  disableTwoFactor(userId: string, code: string, client: ClientContext): Promise<void> {
    return this.commands.disableTwoFactor(userId, code, client);
  }

  /** `ADMIN_EMAILS` at start-up: the first owner of a shop that has none (`AccountCommands.applyAdminEmails`). */
  applyAdminEmails(): Promise<{ granted: number; shopHasOwner: boolean }> {
    return this.commands.applyAdminEmails(this.adminEmails);
  }

  /** Gives a staff role (the back-office, `shopctl users grant`, `ADMIN_EMAILS`). */
  grantRole(userId: string, role: StaffRole, by: RoleChange): Promise<{ changed: boolean }> {
    return this.commands.grantRole(userId, role, by);
  }

  /** Takes a staff role back; the last owner keeps theirs (409 `role.last_owner`). */
  revokeRole(userId: string, role: StaffRole, by: RoleChange): Promise<{ changed: boolean }> {
    return this.commands.revokeRole(userId, role, by);
  }

  /** The account signed in with this e-mail (404 `account.not_found` when none). */
  userIdOf(email: string): Promise<string> {
    return this.commands.userIdOf(email);
  }

  signUp(input: { email: string; password: string; fullName?: string }, client: ClientContext) {
    return this.registration.signUp(input, client);
  }

  /** The account an external provider's identity belongs to, linked or opened on its first sign-in. */
  accountOfExternalIdentity(provider: string, claims: ExternalIdentityClaims, correlationId: string): Promise<string> {
    return this.externalSignIns.accountOf(provider, claims, correlationId);
  }

  signIn(input: { email: string; password: string; totpCode?: string }, client: ClientContext): Promise<IssuedSession> {
    return this.signIns.withPassword(input, client);
  }

  holdForSecondFactor(userId: string, method: 'password' | 'oidc'): Promise<string | null> {
    return this.signIns.holdForSecondFactor(userId, method);
  }

  completeHeldSignIn(token: string | undefined, code: string, client: ClientContext): Promise<IssuedSession> {
    return this.signIns.completeHeld(token, code, client);
  }

  openSession(userId: string, method: 'password' | 'oidc', client: ClientContext): Promise<IssuedSession> {
    return this.sessions.open(userId, method, client);
  }

  sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    return this.sessions.sessionOfRefreshToken(refreshToken);
  }

  refresh(refreshToken: string, client: ClientContext): Promise<IssuedSession> {
    return this.sessions.refresh(refreshToken, client);
  }

  signOut(userId: string, sessionId: string, scope: 'local' | 'global', client: ClientContext): Promise<void> {
    return this.sessions.signOut(userId, sessionId, scope, client);
  }

  listSessions(userId: string, currentSessionId: string): Promise<SessionView[]> {
    return this.sessions.list(userId, currentSessionId);
  }

  revokeSession(userId: string, sessionId: string, client: ClientContext): Promise<void> {
    return this.sessions.revokeByOwner(userId, sessionId, client);
  }

  sessionIsOpen(sessionId: string, client?: Pick<ClientContext, 'location'>): Promise<boolean> {
    return this.sessions.isOpen(sessionId, client);
  }

  changePassword(
    userId: string,
    sessionId: string,
    input: { currentPassword: string; newPassword: string },
    client: ClientContext,
  ): Promise<void> {
    return this.passwords.change(userId, sessionId, input, client);
  }

  setPassword(
    userId: string,
    newPassword: string,
    via: 'change' | 'reset',
    client: ClientContext,
    options: { keepSessionId?: string } = {},
  ): Promise<void> {
    return this.passwords.set(userId, newPassword, via, client, options);
  }

  requestPasswordReset(email: string, client: ClientContext): Promise<void> {
    return this.passwords.requestReset(email, client);
  }

  resetPasswordWithToken(token: string, newPassword: string, client: ClientContext): Promise<void> {
    return this.passwords.resetWithToken(token, newPassword, client);
  }
}
