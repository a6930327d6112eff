import CredentialsIcon from '@mui/icons-material/VpnKey';
import { CredentialsCreate } from './credentials-create';
import { CredentialsEdit } from './credentials-edit';
import { CredentialsList } from './credentials-list';
import { CredentialsShow } from './credentials-show';
import type { CredentialsSummary } from './credentials-vocabulary';

/** Service credentials, stored per plan and assigned to subscriptions (docs/adr/0008-service-credentials.md). */
export default {
  list: CredentialsList,
  create: CredentialsCreate,
  edit: CredentialsEdit,
  show: CredentialsShow,
  icon: CredentialsIcon,
  recordRepresentation: (set: CredentialsSummary) => `${set.planName} — ${set.email}`,
};
