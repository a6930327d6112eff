import { lazyScreen } from '../../lib/lazy-screen';
import CredentialsIcon from '@mui/icons-material/VpnKey';
import type { CredentialsSummary } from './credentials-vocabulary';

/** Service credentials, stored per plan and assigned to subscriptions (docs/adr/0008-service-credentials.md). */
export default {
  list: lazyScreen(() => import('./credentials-list').then((m) => m.CredentialsList)),
  create: lazyScreen(() => import('./credentials-create').then((m) => m.CredentialsCreate)),
  edit: lazyScreen(() => import('./credentials-edit').then((m) => m.CredentialsEdit)),
  show: lazyScreen(() => import('./credentials-show').then((m) => m.CredentialsShow)),
  icon: CredentialsIcon,
  recordRepresentation: (set: CredentialsSummary) => `${set.planName} — ${set.email}`,
};
