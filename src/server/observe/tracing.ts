import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { traceStatements } from '../db/connection.ts';
import type { RequestContext } from '../../shared/request-context.server.ts';
import { tracedDialect } from './sql-spans.ts';

/**
 * Server tracing, loaded only with OTEL_EXPORTER_OTLP_ENDPOINT set (src/server/http/main.ts imports this module
 * dynamically; off, no OpenTelemetry module is loaded and the request path has no wrapper).
 * One SERVER span per request, continuing the trace of an incoming `traceparent`, with the request id;
 * every SQL statement a child span (./sql-spans.ts). Spans go over OTLP/HTTP (JSON) to `{endpoint}/v1/traces`.
 */
export type Answer = (req: IncomingMessage, res: ServerResponse, context: RequestContext) => void;

export interface ServerTracing {
  /** Wraps the server's request handler (src/server/http/serve.ts `traceRequests`). */
  traceRequests(answer: Answer): Answer;
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

export function startServerTracing(endpoint: string, options: { exporter?: SpanExporter } = {}): ServerTracing {
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: tracesUrl(endpoint) });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'terrace-server' }),
    spanProcessors: [new BatchSpanProcessor(exporter, { maxExportBatchSize: 256, scheduledDelayMillis: 1000 })],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  traceStatements(tracedDialect);
  const tracer = trace.getTracer('terrace-http');

  return {
    traceRequests: (answer) => (req, res, requestContext) => {
      const method = req.method ?? 'GET';
      const parent = propagation.extract(ROOT_CONTEXT, req.headers);
      const span = tracer.startSpan(method, {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          // The query is left out, as in the log: sign-in links carry the address and the code there.
          'url.path': (req.url ?? '/').split('?')[0]!,
          'terrace.request_id': requestContext.requestId,
        },
      }, parent);
      res.once('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (requestContext.route) {
          span.setAttribute('http.route', requestContext.route);
          span.updateName(`${method} ${requestContext.route}`);
        }
        if (requestContext.errorCode) span.setAttribute('terrace.error_code', requestContext.errorCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      context.with(trace.setSpan(parent, span), () => answer(req, res, requestContext));
    },
    flush: () => provider.forceFlush(),
    async shutdown() {
      traceStatements(undefined);
      await provider.shutdown();
    },
  };
}
