import { z } from '@hono/zod-openapi';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ErrorSchema = z.object({
  error: z.object({
    // The closed set: clients switch on the code, never on the message.
    code: z.enum(ERROR_CODES).openapi({ example: 'unauthorized' }),
    message: z.string(),
    requestId: z.string(),
    details: z.record(z.string(), z.string()).optional()
      .openapi({ description: 'For validation errors: a message per field.' }),
  }),
}).openapi('Error');
/** The one error body: the API answers it, the HTTP gate refuses with it, clients read it. */
export type ErrorBody = z.infer<typeof ErrorSchema>;
