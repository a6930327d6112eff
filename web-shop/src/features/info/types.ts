/** What the API answers when it has stored a request (201). */
export interface RequestReceipt {
  id: string;
  status: string;
}
