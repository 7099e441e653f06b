import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { BirthdayFixed } from '~/server/members/birthday.routes.ts';
import type { SupportQueue, SupportRequestView } from '~/server/requests/support-request.admin.routes.ts';

// The console's calls about supporters' requests (/api/admin/requests) and the birthday fix, typed from the contract.
export type { BirthdayFixed, SupportQueue, SupportRequestView };
export type RequestStatus = SupportRequestView['status'];
export const REQUEST_STATUSES: readonly RequestStatus[] = ['open', 'answered', 'closed'];
export const isRequestStatus = (value: unknown): value is RequestStatus => REQUEST_STATUSES.includes(value as RequestStatus);

/** The queue in one status; with a reference, that request whatever its status. */
export function listSupportQueue(api: ApiClient, status: RequestStatus, reference = ''): Promise<SupportQueue> {
  return dataOf<SupportQueue>(api.http.get('admin/requests', { searchParams: { status, ...(reference ? { reference } : {}) } }));
}

export function openSupportRequest(api: ApiClient, id: string): Promise<SupportRequestView> {
  return dataOf<SupportRequestView>(api.http.get(`admin/requests/${encodeURIComponent(id)}`));
}

export function replyToSupportRequest(api: ApiClient, id: string, message: string): Promise<SupportRequestView> {
  return dataOf<SupportRequestView>(api.http.post(`admin/requests/${encodeURIComponent(id)}/reply`, { json: { message } }));
}

export function closeSupportRequest(api: ApiClient, id: string): Promise<SupportRequestView> {
  return dataOf<SupportRequestView>(api.http.post(`admin/requests/${encodeURIComponent(id)}/close`));
}

export function fixMemberBirthday(api: ApiClient, memberId: string, fix: { birthday: string; reason: string }): Promise<BirthdayFixed> {
  return dataOf<BirthdayFixed>(api.http.post(`admin/members/${encodeURIComponent(memberId)}/birthday`, { json: fix }));
}
