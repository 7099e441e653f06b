import { appendAudit, type Writer } from '../audit/audit.ts';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { noteSupporterChanged } from '../versions/changes.ts';
import * as repo from './block.repository.ts';

/** What the console is told after a block, an unblock or a sign-out everywhere. */
export interface MemberBlockView {
  id: string;
  blocked: boolean;
  blockedAt: string | null;
  reason: string | null;
  /** Sessions this call ended. */
  sessionsEnded: number;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findMemberBlock>>>;
const state = (row: Pick<Row, 'blocked_at' | 'blocked_reason'>) => ({ blocked: !!row.blocked_at, blockedAt: row.blocked_at, reason: row.blocked_reason });

async function found(db: Db, organizationId: string, id: string): Promise<Row> {
  const row = await repo.findMemberBlock(db, organizationId, id);
  if (!row) throw new ApiError('not_found', 'api.blocks.notFound');
  return row;
}

/** The supporter's blocked state (the console's block form). */
export async function readMemberBlock(db: Db, organizationId: string, id: string): Promise<MemberBlockView> {
  return { id, ...state(await found(db, organizationId, id)), sessionsEnded: 0 };
}

/**
 * Blocks a supporter with a reason: every session ends in this transaction (sessions live in the database,
 * so every process sees it at once), and the ledger and sign-in refuse them until unblocked. Blocking one
 * already blocked changes the reason and keeps the date.
 */
export async function blockMember(db: Db, writer: Writer, id: string, reason: string): Promise<MemberBlockView> {
  const row = await found(db, writer.actor.organizationId, id);
  const now = new Date().toISOString();
  const at = row.blocked_at ?? now;
  await repo.setMemberBlock(db, id, { at, reason });
  const sessionsEnded = await repo.endSessionsOfUser(db, id, now);
  const after = { blocked: true, blockedAt: at, reason };
  await appendAudit(db, writer, { action: 'member.block', kind: 'member', id, before: state(row), after: { ...after, sessionsEnded } });
  noteSupporterChanged(id);
  return { id, ...after, sessionsEnded };
}

/** Lifts the block: sign-in, earning, spending and entering work again; balance and history were never touched. */
export async function unblockMember(db: Db, writer: Writer, id: string): Promise<MemberBlockView> {
  const row = await found(db, writer.actor.organizationId, id);
  const view = { id, blocked: false, blockedAt: null, reason: null, sessionsEnded: 0 };
  if (!row.blocked_at) {
    writer.unchanged?.();
    return view;
  }
  await repo.setMemberBlock(db, id, null);
  await appendAudit(db, writer, { action: 'member.unblock', kind: 'member', id, before: state(row), after: state({ blocked_at: null, blocked_reason: null }) });
  noteSupporterChanged(id);
  return view;
}

/** Ends every session of the supporter ("sign out everywhere"); they can sign in again unless blocked. */
export async function signOutEverywhere(db: Db, writer: Writer, id: string): Promise<MemberBlockView> {
  const row = await found(db, writer.actor.organizationId, id);
  const sessionsEnded = await repo.endSessionsOfUser(db, id, new Date().toISOString());
  await appendAudit(db, writer, { action: 'member.sign-out', kind: 'member', id, after: { sessionsEnded } });
  return { id, ...state(row), sessionsEnded };
}
