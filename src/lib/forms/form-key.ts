/**
 * The name of the hidden field that carries a form's idempotency key: written by the pages and the islands,
 * read by ./form-action.server.ts. Safe for the browser (no server code).
 */
export const FORM_KEY_FIELD = 'idempotencyKey';
