import { lazyScreen } from '../../lib/lazy-screen';
import InquiryIcon from '@mui/icons-material/MarkEmailUnread';
import type { Inquiry } from './inquiry-vocabulary';

/** Visitor inquiries (support, contact, affiliate, partnership, suggestion): read them, move their status. */
export default {
  list: lazyScreen(() => import('./inquiry-list').then((m) => m.InquiryList)),
  show: lazyScreen(() => import('./inquiry-show').then((m) => m.InquiryShow)),
  edit: lazyScreen(() => import('./inquiry-edit').then((m) => m.InquiryEdit)),
  icon: InquiryIcon,
  recordRepresentation: (inquiry: Inquiry) => inquiry.subject ?? inquiry.email ?? inquiry.id,
};
