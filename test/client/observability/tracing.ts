// tracing.ts
import { SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { LedgerClient } from 'personal-ledger-sdk';

/**
 * One span per call, named by its route template (`GET /api/public/v1/accounts/{id}`), from the first attempt's
 * request to the call's final event; each retry is an event on the span. Returns the function that stops it.
 */
export function traceLedger(ledger: LedgerClient, tracer: Tracer = trace.getTracer('personal-ledger-sdk')): () => void {
  const spans = new Map<number, Span>();
  const end = (callId: number, failed: boolean, error?: unknown) => {
    const span = spans.get(callId);
    if (!span) return;
    if (error instanceof Error) span.recordException(error);
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    spans.delete(callId);
  };
  const stops = [
    ledger.on('request', (e) => {
      if (e.attempt > 1) return;
      const attributes = { 'http.request.method': e.method, 'url.template': e.route };
      spans.set(e.callId, tracer.startSpan(`${e.method} ${e.route}`, { kind: SpanKind.CLIENT, attributes }));
    }),
    ledger.on('retry', (e) => {
      spans.get(e.callId)?.addEvent('retry', { attempt: e.attempt, delay_ms: e.delayMs, status: e.status ?? 0 });
    }),
    ledger.on('response', (e) => {
      spans.get(e.callId)?.setAttributes({
        'http.response.status_code': e.status,
        'http.request.resend_count': e.attempt - 1,
        ...(e.requestId ? { 'ledger.request_id': e.requestId } : {}),
      });
      if (e.final) end(e.callId, e.status >= 400);
    }),
    ledger.on('error', (e) => {
      if (e.final) end(e.callId, true, e.error);
    }),
  ];
  return () =>
    stops.forEach((stop) => {
      stop();
    });
}
