import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { MemberAnswer, MemberLedgerAnswer, MemberSearchAnswer } from '~/server/members/member.routes.ts';

// The console's calls for finding a supporter and reading their page (/api/admin/members), typed from the contract.
// Reading a supporter's page or a further page of their ledger is recorded in the audit trail by the API.

export type MemberSummary = MemberSearchAnswer[number];
export type Member = MemberAnswer;
export type MemberLedger = MemberLedgerAnswer;
export type MemberLedgerEntry = MemberLedger['entries'][number];

export function searchMembers(api: ApiClient, q: string): Promise<MemberSearchAnswer> {
  return dataOf<MemberSearchAnswer>(api.http.get('admin/members', { searchParams: { q } }));
}

export function getMember(api: ApiClient, id: string): Promise<Member> {
  return dataOf<Member>(api.http.get(`admin/members/${encodeURIComponent(id)}`));
}

export function getMemberLedger(api: ApiClient, id: string, cursor: string): Promise<MemberLedger> {
  return dataOf<MemberLedger>(api.http.get(`admin/members/${encodeURIComponent(id)}/ledger`, { searchParams: { cursor } }));
}
