import { BlockList, isIP } from 'node:net';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env.ts';
import { dataResponse, validationHook } from '../openapi.ts';
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
    200: dataResponse('The kept messages, newest first', z.array(OutboxMessageSchema)),
  },
});

const clearRoute = createRoute({
  method: 'delete',
  path: '/dev/mail',
  hide: true,
  summary: 'Empties the development outbox',
  responses: { 204: { description: 'The outbox is empty' } },
});

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, or an IPv4 loopback address written as IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The outbox holds every sign-in code, so only the developer's own machine may read it: a
 * request from anywhere else gets the 404 of an unknown route. The web server sets x-client-ip from
 * the socket; a call without it (in process) is not trusted unless the app was made to allow it.
 */
const loopbackOnly = createMiddleware<AppEnv>(async (c, next) => {
  const address = c.req.header('x-client-ip');
  const allowed = address === undefined ? c.get('deps')?.devMailInProcess === true : isLoopback(address);
  if (!allowed) return c.notFound();
  return next();
});

const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
routes.use('/dev/mail', loopbackOnly);

export const devMailRoutes = routes
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
