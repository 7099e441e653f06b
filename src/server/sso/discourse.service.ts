import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { ApiError } from '../errors.ts';
import { listTiers } from '../membership/membership.repository.ts';
import { currentMembership } from '../membership/membership.service.ts';
import { loadOrganizationSettings } from '../organization/settings.ts';
import { isUnderage } from '../users/age.ts';
import { requireUser } from '../users/require-user.ts';
import { parseProperties } from '../users/properties.ts';
import { claimNonce, isNonceUsed } from './discourse.repository.ts';

/**
 * DiscourseConnect, the provider side (https://meta.discourse.org/t/13045): the forum sends the browser to
 * /sso?sso=<base64 payload>&sig=<hex HMAC-SHA256 of that base64 under the shared secret>; the payload is a
 * query string with `nonce` and `return_sso_url`. We answer with return_sso_url?sso=…&sig=… signed the same
 * way, carrying the same nonce and the supporter's fields. A nonce is answered once.
 */

/** The group every under-18 supporter is in on the forum (added or removed at every sign-in). */
const UNDERAGE_GROUP = 'under-18';

const NONCE = /^[\x21-\x7e]{1,128}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const SIG = /^[0-9a-f]{64}$/i;
/** Far above any real request (Discourse's payload is a nonce and a URL). */
const PAYLOAD_MAX = 4096;

export interface DiscourseRequest {
  nonce: string;
  returnSsoUrl: string;
}

interface DiscourseContext {
  db: Db;
  organizationId: string;
}

function signPayload(secret: string, base64: string): string {
  return createHmac('sha256', secret).update(base64, 'utf8').digest('hex');
}

async function discourseSettings(db: Db, organizationId: string) {
  const { organization, settings } = await loadOrganizationSettings(db, organizationId);
  const { discourseOrigin: origin, discourseSecret: secret } = settings;
  if (settings.ssoEnabled !== 'true' || !origin || !secret) throw new ApiError('sso_disabled', 'api.sso.disabled');
  return { organization, origin, secret };
}

/** The signature over the payload exactly as received, compared in constant time. */
function signedBy(secret: string, sso: string, sig: string): boolean {
  if (!SIG.test(sig)) return false;
  const expected = Buffer.from(signPayload(secret, sso), 'hex');
  return timingSafeEqual(expected, Buffer.from(sig, 'hex'));
}

function readPayload(sso: string, origin: string): DiscourseRequest {
  // Ruby's Base64.encode64 breaks lines every 60 characters: the line breaks are not part of the data.
  const compact = sso.replace(/[\r\n]/g, '');
  if (compact.length > PAYLOAD_MAX || !BASE64.test(compact)) throw new ApiError('sso_payload_invalid', 'api.sso.payload');
  const text = Buffer.from(compact, 'base64').toString('utf8');
  const query = new URLSearchParams(text);
  const nonce = query.get('nonce') ?? '';
  const returnSsoUrl = query.get('return_sso_url') ?? '';
  if (!NONCE.test(nonce) || !returnSsoUrl) throw new ApiError('sso_payload_invalid', 'api.sso.payload');
  let url: URL;
  try {
    url = new URL(returnSsoUrl);
  } catch {
    throw new ApiError('sso_payload_invalid', 'api.sso.payload');
  }
  if (url.origin !== origin || url.username || url.password) throw new ApiError('sso_return_url_foreign', 'api.sso.foreignReturn');
  return { nonce, returnSsoUrl: url.href };
}

async function checkRequest(context: DiscourseContext, received: string, sig: string) {
  // Discourse escapes the base64 in its redirect; a client that left `+` unescaped had it read as a space,
  // which base64 never holds: it is put back, so the signature is checked over the payload as the forum built it.
  const sso = received.replace(/ /g, '+');
  const settings = await discourseSettings(context.db, context.organizationId);
  if (!signedBy(settings.secret, sso, sig)) throw new ApiError('sso_signature_invalid', 'api.sso.signature');
  const request = readPayload(sso, settings.origin);
  return { settings, request };
}

/** POST /session/discourse/validate: the forum's request is signed, readable, for our forum and not answered yet. */
export async function validateDiscourseRequest(context: DiscourseContext, sso: string, sig: string): Promise<DiscourseRequest> {
  const { request } = await checkRequest(context, sso, sig);
  if (await isNonceUsed(context.db, context.organizationId, request.nonce)) throw new ApiError('sso_nonce_used', 'api.sso.nonceUsed');
  return request;
}

/**
 * POST /session/discourse/sso: the signed answer for the signed-in supporter, as the URL to send the browser
 * to. Uses the nonce up: a second answer for it is refused.
 */
export async function answerDiscourseRequest(
  context: DiscourseContext & { userId: string; publicUrl: string }, sso: string, sig: string, now = new Date(),
): Promise<{ redirectUrl: string }> {
  const { settings, request } = await checkRequest(context, sso, sig);
  const [user, tiers] = await Promise.all([requireUser(context.db, context.userId), listTiers(context.db, context.organizationId)]);
  if (!(await claimNonce(context.db, context.organizationId, request.nonce, now.toISOString()))) {
    throw new ApiError('sso_nonce_used', 'api.sso.nonceUsed');
  }
  const membership = currentMembership(parseProperties(user.properties));
  const underage = isUnderage(user.birthday, settings.organization.time_zone, now);
  const groups = [...new Set([...tiers.map((tier) => tier.slug), membership, UNDERAGE_GROUP])];
  const added = [membership, ...(underage ? [UNDERAGE_GROUP] : [])];
  const name = [user.first_name, user.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  const fields = new URLSearchParams({
    nonce: request.nonce,
    email: user.email,
    external_id: user.id,
    username: user.username ?? user.email.split('@')[0]!,
    name: name || (user.username ?? ''),
    require_activation: 'false',
    add_groups: added.join(','),
    remove_groups: groups.filter((group) => !added.includes(group)).join(','),
  });
  // An avatar is a path on this site (or already absolute): the forum fetches it, so it must be absolute.
  if (user.avatar_url) fields.set('avatar_url', new URL(user.avatar_url, context.publicUrl).href);
  const payload = Buffer.from(fields.toString(), 'utf8').toString('base64');
  const target = new URL(request.returnSsoUrl);
  target.searchParams.set('sso', payload);
  target.searchParams.set('sig', signPayload(settings.secret, payload));
  return { redirectUrl: target.href };
}
