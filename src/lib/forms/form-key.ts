// The name of a form's idempotency field, the one name the page, the island and the action read
// (browser-safe: src/lib/forms/form-action.server.ts makes the key itself).

/** The name of the hidden field that carries a form's idempotency key. */
export const FORM_KEY_FIELD = 'idempotencyKey';
