import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Calls `done` with the body and headers the app wrote, as it ends, before the bytes leave. Installed below
 * compression, so the body is as the app wrote it; what is kept is compressed per visitor on the way out.
 */
export function keepWhatIsWritten(res: ServerResponse, done: (body: Buffer, headers: OutgoingHttpHeaders) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding as BufferEncoding : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') keep(chunk, rest[0]);
    done(Buffer.concat(chunks), res.getHeaders());
    return end(chunk, ...rest);
  }) as typeof res.end;
}

/** Headers never replayed from memory: each answer has its own, or they describe other bytes. */
export const PER_ANSWER_HEADERS = new Set(['x-request-id', 'content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

/** The headers of a kept answer, without those that belong to one answer only. */
export function keptHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER_HEADERS.has(name)));
}
