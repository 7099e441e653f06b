import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.ts';
import { shiftDay } from './checkin.service.ts';

// A check-in ticket (issue 26, point 2): the dashboard carries one for today, so a supporter with no signal can
// press "Check in" and the phone sends it later. It is the day, signed with the server's secret for one
// supporter of one organization: it cannot be forged, moved to another day or used by another account, and the
// check-in it makes is the day's one (the ledger's key), so sending it twice credits nothing more.

/** A ticket is good on its day and the next: a phone that found no signal in the ground sends it by then. */
export const TICKET_DAYS = 2;

interface Holder { organizationId: string; userId: string }

const signature = (secret: string, holder: Holder, day: string) =>
  createHmac('sha256', secret).update(`checkin-ticket\n${holder.organizationId}\n${holder.userId}\n${day}`).digest('base64url');

export function issueTicket(secret: string, holder: Holder, day: string): string {
  return `${day}.${signature(secret, holder, day)}`;
}

/** The day a ticket checks in for; refused (422) when it is not this supporter's, or not good today. */
export function readTicket(secret: string, holder: Holder, ticket: string, today: string): string {
  const [day = '', signed = ''] = ticket.split('.');
  const expected = Buffer.from(/^\d{4}-\d{2}-\d{2}$/.test(day) ? signature(secret, holder, day) : '');
  const given = Buffer.from(signed);
  if (!expected.length || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new ApiError('invalid_ticket', 'api.checkin.ticketInvalid', { ticket: 'api.checkin.ticketInvalid' });
  }
  if (day > today || day < shiftDay(today, 1 - TICKET_DAYS)) {
    throw new ApiError('ticket_expired', 'api.checkin.ticketExpired', { ticket: 'api.checkin.ticketExpired' });
  }
  return day;
}
