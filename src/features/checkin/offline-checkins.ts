// Check-ins pressed with no signal (issue 26): kept on the phone in IndexedDB, which the service worker reads
// too, and sent when the signal returns: by the service worker's Background Sync where the browser has it, else
// by the dashboard on its next visit or when the phone comes back online. Each keeps the ticket the server
// signed for its day and one idempotency key, so however often it is sent it is credited once, to its day.

export interface PendingCheckin {
  /** The day the ticket is for (YYYY-MM-DD): one pending check-in a day. */
  day: string;
  ticket: string;
  /** The Idempotency-Key every send of it carries. */
  key: string;
}

/** What one send came to: credited (or already was), refused for good, or no answer (keep it for later). */
export type SendOutcome = 'sent' | 'refused' | 'unreachable';

const DATABASE = 'terrace';
const STORE = 'pending-checkins';
/** The Background Sync tag the service worker answers. */
export const CHECKIN_SYNC = 'terrace-checkin';

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'day' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openStore();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export const keepPending = (checkin: PendingCheckin) => inStore('readwrite', (store) => store.put(checkin)).then(() => undefined);
export const listPending = () => inStore<PendingCheckin[]>('readonly', (store) => store.getAll());
const dropPending = (day: string) => inStore('readwrite', (store) => store.delete(day)).then(() => undefined);

/**
 * Sends every kept check-in with `send`, oldest first, and forgets each one answered (credited, or refused for
 * good); one that got no answer stays for the next time. Answers what each came to.
 */
export async function sendPending(send: (checkin: PendingCheckin) => Promise<SendOutcome>): Promise<Array<{ checkin: PendingCheckin; outcome: SendOutcome }>> {
  const done: Array<{ checkin: PendingCheckin; outcome: SendOutcome }> = [];
  for (const checkin of (await listPending()).sort((a, b) => a.day.localeCompare(b.day))) {
    const outcome = await send(checkin);
    if (outcome !== 'unreachable') await dropPending(checkin.day);
    done.push({ checkin, outcome });
  }
  return done;
}
