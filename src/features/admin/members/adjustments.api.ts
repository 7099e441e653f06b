import { dataOf } from '~/lib/api/answer.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import type { AdjustmentInput } from '~/server/members/adjustment.schema.ts';
import type { AdjustmentView } from '~/server/members/adjustment.routes.ts';

// The console's calls about putting a balance right (/api/admin/members/{id}/adjustments, /api/admin/adjustments),
// typed from the API's contract.

export type { AdjustmentInput, AdjustmentView };
export type AdjustmentStatus = AdjustmentView['status'];

/** Credits, debits or reverses one award; `headers` carries the form's Idempotency-Key. */
export function adjustMember(api: ApiClient, userId: string, body: AdjustmentInput, headers: Record<string, string>): Promise<AdjustmentView> {
  return dataOf<AdjustmentView>(api.http.post(`admin/members/${encodeURIComponent(userId)}/adjustments`, { json: body, headers }));
}

export function listAdjustments(api: ApiClient, status: AdjustmentStatus): Promise<AdjustmentView[]> {
  return dataOf<AdjustmentView[]>(api.http.get('admin/adjustments', { searchParams: { status } }));
}

export function decideAdjustment(api: ApiClient, id: string, decision: 'approve' | 'refuse'): Promise<AdjustmentView> {
  return dataOf<AdjustmentView>(api.http.post(`admin/adjustments/${encodeURIComponent(id)}/${decision}`));
}
