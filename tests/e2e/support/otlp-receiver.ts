import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as OTLP/HTTP JSON carries it (ids in hex). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** One POST /v1/traces: the spans of one export, by the service that sent them. */
export interface Batch {
  service: string;
  spans: ReceivedSpan[];
}

interface OtlpValue { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number }
interface OtlpAttribute { key: string; value: OtlpValue }

const plain = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) =>
  [key, value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.boolValue ?? value.doubleValue)]));

/**
 * A local OTLP/HTTP receiver standing in for a collector: accepts POST /v1/traces in JSON (the exporters'
 * encoding), with CORS for the browser's exporter, and keeps every batch as it arrived.
 */
export async function startOtlpReceiver(port: number): Promise<{ origin: string; batches: Batch[]; stop(): Promise<void> }> {
  const batches: Batch[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const json = JSON.parse(body.toString('utf8')) as {
        resourceSpans: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans: { spans: (Omit<ReceivedSpan, 'attributes'> & { attributes?: OtlpAttribute[] })[] }[] }[];
      };
      for (const resourceSpans of json.resourceSpans) {
        batches.push({
          service: String(plain(resourceSpans.resource?.attributes)['service.name']),
          spans: resourceSpans.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, attributes: plain(span.attributes) }))),
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    batches,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
