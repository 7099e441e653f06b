import type { RequestStatus, SupportRequestView } from './requests.api.ts';

/** The console's words for each topic and status (whole keys, so the message tests find them). */
export const TOPIC_NAMES = {
  birthday: 'adminRequests.topic.birthday', points: 'adminRequests.topic.points', other: 'adminRequests.topic.other',
} as const satisfies Record<SupportRequestView['topic'], string>;

/** A status as the queue's tabs name it (many requests). */
export const STATUS_NAMES = {
  open: 'adminRequests.tab.open', answered: 'adminRequests.tab.answered', closed: 'adminRequests.tab.closed',
} as const satisfies Record<RequestStatus, string>;

/** The status of one request. */
export const STATUS_OF_ONE = {
  open: 'adminRequests.status.open', answered: 'adminRequests.status.answered', closed: 'adminRequests.status.closed',
} as const satisfies Record<RequestStatus, string>;
