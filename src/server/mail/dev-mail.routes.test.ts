import { OpenAPIHono } from '@hono/zod-openapi';
import { beforeEach, describe, expect, it } from 'vitest';
import { devMailRoutes } from './dev-mail.routes.ts';
import { clearOutbox, listOutbox, recordInOutbox } from './outbox.ts';

const app = new OpenAPIHono().route('/', devMailRoutes);

beforeEach(() => {
  clearOutbox();
  recordInOutbox({ to: 'first@example.com', subject: 'First', text: 'code 111111' }, new Date('2025-01-01T10:00:00Z'));
  recordInOutbox({ to: 'second@example.com', subject: 'Second', text: 'code 222222', html: '<p>2</p>' },
    new Date('2025-01-01T10:01:00Z'));
});

describe('GET /dev/mail', () => {
  it('lists the kept messages newest first', async () => {
    const res = await app.request('/dev/mail');
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toEqual([
      { id: expect.any(String), to: 'second@example.com', subject: 'Second', text: 'code 222222', sentAt: '2025-01-01T10:01:00.000Z' },
      { id: expect.any(String), to: 'first@example.com', subject: 'First', text: 'code 111111', sentAt: '2025-01-01T10:00:00.000Z' },
    ]);
    expect(data[0].id).not.toBe(data[1].id);
  });

  it('filters by recipient, in any letter case', async () => {
    const res = await app.request('/dev/mail?to=FIRST@example.com');
    const { data } = await res.json();
    expect(data.map((m: { subject: string }) => m.subject)).toEqual(['First']);
  });
});

describe('DELETE /dev/mail', () => {
  it('empties the outbox and answers 204', async () => {
    const res = await app.request('/dev/mail', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(listOutbox()).toEqual([]);
    expect((await (await app.request('/dev/mail')).json()).data).toEqual([]);
  });
});
