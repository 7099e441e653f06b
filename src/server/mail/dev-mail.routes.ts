import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { validationHook } from '../openapi.ts';
import { clearOutbox, listOutbox } from './outbox.ts';

// Development only (the app mounts these outside production), so they stay out of the OpenAPI
// document: the contract must read the same in every environment.

const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string().openapi({ example: 'fan@example.com' }),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string().openapi({ example: '2025-01-31T18:30:00.000Z' }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/dev/mail',
  hide: true,
  summary: 'Development outbox: the last 50 messages the mailer kept instead of sending, newest first',
  request: {
    query: z.object({
      to: z.string().optional().openapi({ description: 'Only messages to this address (any letter case).' }),
    }),
  },
  responses: {
    200: {
      description: 'The kept messages, newest first',
      content: { 'application/json': { schema: z.object({ data: z.array(OutboxMessageSchema) }) } },
    },
  },
});

const clearRoute = createRoute({
  method: 'delete',
  path: '/dev/mail',
  hide: true,
  summary: 'Empties the development outbox',
  responses: { 204: { description: 'The outbox is empty' } },
});

export const devMailRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(listRoute, (c) => {
    const { to } = c.req.valid('query');
    const data = listOutbox()
      .filter((m) => to === undefined || m.to.toLowerCase() === to.toLowerCase())
      .map(({ id, to: recipient, subject, text, sentAt }) => ({ id, to: recipient, subject, text, sentAt }));
    return c.json({ data }, 200);
  })
  .openapi(clearRoute, (c) => {
    clearOutbox();
    return c.body(null, 204);
  });
