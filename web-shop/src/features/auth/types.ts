/** `GET /api/me`: the signed-in profile. */
export interface Profile {
  id: string;
  email: string;
  fullName: string;
  memberSince: string;
  role: 'customer' | 'admin';
  twoFactorEnabled: boolean;
}
