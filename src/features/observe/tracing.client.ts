import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { DocumentLoadInstrumentation } from '@opentelemetry/instrumentation-document-load';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, WebTracerProvider } from '@opentelemetry/sdk-trace-web';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** The spec's batch: at most 30 spans per export, sent every 1000 ms. */
export const SPAN_BATCH = { maxExportBatchSize: 30, scheduledDelayMillis: 1000 } as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Browser tracing, loaded after first paint and only when the server names an OTLP endpoint
 * (GET /observe.json, see ./late.ts): the page load and every
 * same-origin API call become spans, sent over OTLP/HTTP (JSON) to `{endpoint}/v1/traces`. The API calls carry
 * `traceparent`, so the server's spans join the same trace; no other request is traced or given the header.
 */
export function startBrowserTracing(endpoint: string): void {
  const provider = new WebTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'terrace-web' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }), SPAN_BATCH)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new DocumentLoadInstrumentation(),
      new FetchInstrumentation({
        // Only our own /api and the forms' actions (src/actions/): nothing else (the exporter's own calls included) is traced.
        ignoreUrls: [new RegExp(`^(?!${escape(location.origin)}/(?:api|_actions)/)`)],
        // No traceparent to any other origin.
        propagateTraceHeaderCorsUrls: [],
      }),
    ],
  });
}
