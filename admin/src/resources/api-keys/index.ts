import ApiKeyIcon from '@mui/icons-material/Key';
import { lazyScreen } from '../../lib/lazy-screen';

/** API keys for the shop's integrations: owners create, read and revoke them (docs/adr/0034-api-keys.md). */
export default {
  list: lazyScreen(() => import('./api-key-list').then((m) => m.ApiKeyList)),
  create: lazyScreen(() => import('./api-key-create').then((m) => m.ApiKeyCreate)),
  icon: ApiKeyIcon,
  recordRepresentation: (key: { name: string }) => key.name,
};
