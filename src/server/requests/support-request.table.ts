export type SupportTopic = 'birthday' | 'points' | 'other';
export type SupportStatus = 'open' | 'answered' | 'closed';

export interface SupportRequestTable {
  id: string;
  organization_id: string;
  user_id: string;
  /** What the supporter quotes, e.g. `TR-7K3P9`: unique within the club. */
  reference: string;
  topic: SupportTopic;
  message: string;
  /** The supporter's language when they wrote: the club's answer is mailed in it. */
  locale: string;
  status: SupportStatus;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface SupportRequestReplyTable {
  id: string;
  request_id: string;
  message: string;
  /** The operator's address or the key's name: shown to the staff only. */
  by_label: string;
  created_at: string;
}

export interface SupportRequestTables {
  support_requests: SupportRequestTable;
  support_request_replies: SupportRequestReplyTable;
}
