import InquiryIcon from '@mui/icons-material/MarkEmailUnread';
import { InquiryEdit } from './inquiry-edit';
import { InquiryList } from './inquiry-list';
import { InquiryShow } from './inquiry-show';
import type { Inquiry } from './inquiry-vocabulary';

/** Visitor inquiries (support, contact, affiliate, partnership, suggestion): read them, move their status. */
export default {
  list: InquiryList,
  show: InquiryShow,
  edit: InquiryEdit,
  icon: InquiryIcon,
  recordRepresentation: (inquiry: Inquiry) => inquiry.subject ?? inquiry.email ?? inquiry.id,
};
