import type { MySupportRequests, SupportTopic } from './support-requests.api.ts';

/** The supporter's words for each topic and status (whole keys, so the message tests find them). */
export const TOPIC_LABELS = {
  birthday: 'supportRequests.topic.birthday', points: 'supportRequests.topic.points', other: 'supportRequests.topic.other',
} as const satisfies Record<SupportTopic, string>;

export const STATUS_LABELS = {
  open: 'supportRequests.status.open', answered: 'supportRequests.status.answered', closed: 'supportRequests.status.closed',
} as const satisfies Record<MySupportRequests[number]['status'], string>;
