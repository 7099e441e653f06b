import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { AuditPage, AuditQuery } from '~/server/audit/audit.routes.ts';
import type { ApiKeyList, NewApiKey } from '~/server/operators/api-key.routes.ts';
import type { OperatorList, OperatorMe, OperatorSignIn } from '~/server/operators/operator.routes.ts';

// The console's calls to the admin API (/api/admin/*), typed from its contract. `api` is the console's
// client (its bearer is the operator's session), except for the two sign-in calls (the public key).

export type { ApiKeyList, AuditPage, AuditQuery, NewApiKey, OperatorList, OperatorMe };
export type OperatorRoleName = OperatorMe['role'];

export async function requestConsoleCode(api: ApiClient, email: string, clientAddress: string): Promise<void> {
  await api.http.post('admin/session/email', { json: { email }, headers: { 'x-client-ip': clientAddress } });
}

export function verifyConsoleCode(api: ApiClient, email: string, code: string, clientAddress: string): Promise<OperatorSignIn> {
  return dataOf<OperatorSignIn>(api.http.post('admin/session/email/verify', { json: { email, code }, headers: { 'x-client-ip': clientAddress } }));
}

export { getOperatorMe } from '~/lib/session/console.api.ts';

export async function endConsoleSession(api: ApiClient): Promise<void> {
  await api.http.delete('admin/session');
}

export function listOperators(api: ApiClient): Promise<OperatorList> {
  return dataOf<OperatorList>(api.http.get('admin/operators'));
}

export function inviteOperator(api: ApiClient, body: { email: string; role: OperatorRoleName }): Promise<OperatorList[number]> {
  return dataOf(api.http.post('admin/operators', { json: body }));
}

export function changeOperatorRole(api: ApiClient, id: string, role: OperatorRoleName): Promise<OperatorList[number]> {
  return dataOf(api.http.patch(`admin/operators/${encodeURIComponent(id)}`, { json: { role } }));
}

export async function removeOperator(api: ApiClient, id: string): Promise<void> {
  await api.http.delete(`admin/operators/${encodeURIComponent(id)}`);
}

export function listApiKeys(api: ApiClient): Promise<ApiKeyList> {
  return dataOf<ApiKeyList>(api.http.get('admin/api-keys'));
}

export function createApiKey(api: ApiClient, body: { name: string; role: OperatorRoleName }): Promise<NewApiKey> {
  return dataOf<NewApiKey>(api.http.post('admin/api-keys', { json: body }));
}

export function revokeApiKey(api: ApiClient, id: string): Promise<ApiKeyList[number]> {
  return dataOf(api.http.post(`admin/api-keys/${encodeURIComponent(id)}/revoke`));
}


const searchOf = (query: AuditQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export function listAudit(api: ApiClient, query: AuditQuery): Promise<AuditPage> {
  return dataOf<AuditPage>(api.http.get('admin/audit', { searchParams: searchOf(query) }));
}

/** The same entries as CSV (every match, not a page). */
export async function auditCsv(api: ApiClient, query: AuditQuery): Promise<string> {
  return (await api.http.get('admin/audit', { searchParams: { ...searchOf(query), format: 'csv' } })).text();
}

