import { z } from '@hono/zod-openapi';

export const SUPPORT_TOPICS = ['birthday', 'points', 'other'] as const;
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
/** The longest message a supporter or the club may write. */
export const MESSAGE_MAX = 2000;

const Topic = z.enum(SUPPORT_TOPICS, 'api.requests.topic')
  .openapi({ description: 'birthday: "my birthday is wrong"; points: "points missing"; other: anything else.' });
const Status = z.enum(SUPPORT_STATUSES).openapi({ description: 'open: waiting for the club; answered: the club replied; closed: done.' });
export const RequestMessage = z.string().trim().min(1, 'api.requests.messageEmpty').max(MESSAGE_MAX, 'api.requests.messageTooLong');

export const NewSupportRequestSchema = z.object({ topic: Topic, message: RequestMessage }).openapi('NewSupportRequest');
export const ReplySchema = z.object({ message: RequestMessage }).openapi('SupportReply');

const Reply = z.object({ message: z.string(), createdAt: z.string() });

/** A request as its supporter sees it: the club's answers, never who on the staff wrote them. */
export const MySupportRequestSchema = z.object({
  id: z.string(),
  reference: z.string().openapi({ example: 'TR-7K3P9', description: 'What to quote to the club.' }),
  topic: Topic, message: z.string(), status: Status, createdAt: z.string(),
  replies: z.array(Reply),
}).openapi('MySupportRequest');

const Member = z.object({
  id: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(),
  birthday: z.string().nullable(),
  underage: z.boolean().openapi({ description: 'The under-18 rules apply today (by the birthday, or none given).' }),
  consolePath: z.string().openapi({ example: '/admin/members/8c1…', description: 'The supporter\'s page in the console.' }),
});

/** One line of the console's queue. */
export const QueuedRequestSchema = z.object({
  id: z.string(), reference: z.string(), topic: Topic, status: Status, createdAt: z.string(),
  excerpt: z.string().openapi({ description: 'The message\'s first 140 characters.' }),
  member: Member.pick({ id: true, email: true, firstName: true, lastName: true }),
}).openapi('QueuedSupportRequest');

/** A request as support opens it: the supporter and every answer, with who wrote it. */
export const SupportRequestSchema = z.object({
  id: z.string(), reference: z.string(), topic: Topic, message: z.string(), status: Status,
  locale: z.string().openapi({ description: 'The supporter\'s language: replies are mailed in it.' }),
  createdAt: z.string(), closedAt: z.string().nullable(),
  member: Member,
  replies: z.array(Reply.extend({ by: z.string() })),
}).openapi('SupportRequest');

export type NewSupportRequest = z.infer<typeof NewSupportRequestSchema>;
export type MySupportRequest = z.infer<typeof MySupportRequestSchema>;
export type QueuedRequest = z.infer<typeof QueuedRequestSchema>;
export type SupportRequestDetail = z.infer<typeof SupportRequestSchema>;
export type SupportStatusName = (typeof SUPPORT_STATUSES)[number];
