/** What the API answers when it has stored a request (201): its id, and its status `new`. */
export type { InquiryReceived as RequestReceipt } from '@shop/contracts';
