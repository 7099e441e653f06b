// What every console action does around its admin API call: it acts for the operator signed in to the
// console (the console cookie, never a supporter's session), and a refusal becomes an ActionError with the
// API's status and its own words (the admin API names the field and the reason in the page's language).
import { ActionError, type ActionAPIContext } from 'astro:actions';
import { createServerApi } from '~/app/api.server.ts';
import type { ApiClient } from '~/lib/api/client.ts';
import { readConsoleCookie } from '~/lib/session/console.server.ts';
import type { MessageKey } from '~/shared/i18n/translate.ts';
import { callApi } from '../api-call.ts';

/** The console's API client: the page's (a form posted to it), or one from the cookie (an island's call). */
export function staffApi(context: ActionAPIContext): ApiClient {
  const { locals, cookies } = context;
  if (locals.staff) return locals.staff.api;
  const token = readConsoleCookie(cookies);
  if (!token) throw new ActionError({ code: 'UNAUTHORIZED', message: locals.t('admin.signedOut') });
  return createServerApi(token, locals.locale);
}

/** The admin call's answer, or its refusal in the API's words (the first field's, else the message). */
export function callStaffApi<T>(context: ActionAPIContext, call: Promise<T>): Promise<T> {
  return callApi(context, call, (problem, t) => Object.values(problem.details)[0] ?? (problem.message || t('admin.failed')), 'admin.signedOut');
}

/** A posted text field as an action's input read it ('' when absent or not text). */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The admin call's answer, or its refusal with each field named as the form labels it (`labels`, by the field's
 * name without its language or list position) and, for a text written in two languages, which one.
 */
export function callLabelledApi<T>(context: ActionAPIContext, call: Promise<T>, labels: Record<string, MessageKey>, untranslated: readonly string[] = []): Promise<T> {
  const { t } = context.locals;
  return callApi(context, call, (problem) => {
    const fields = Object.entries(problem.details).map(([field, why]) => {
      const spanish = field.startsWith('translations.es.');
      const name = field.replace(/^translations\.es\./, '').replace(/\.\d+$/, '');
      const label = labels[name] ? t(labels[name]) : name;
      const language = untranslated.includes(name) ? '' : ` (${t(spanish ? 'admin.language.es' : 'admin.language.en')})`;
      return `${label}${language}: ${why}`;
    });
    return fields.length ? fields.join(' · ') : problem.message || t('admin.failed');
  }, 'admin.signedOut');
}
