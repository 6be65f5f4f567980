// Real webhook delivery for the standalone server: one POST per event and subscription
// (spec-gaps 26), to loopback targets only unless the caller allows remote ones.
import type { WebhookDeliverer } from '../rules/webhooks';

/** Options of createHttpWebhookDeliverer. */
export interface HttpWebhookDelivererOptions {
  /** Also deliver to hosts other than localhost, 127.0.0.0/8 and ::1. @default false */
  allowRemote?: boolean;
  /** Limit per attempt, from sending to the response headers. @default 5000 */
  timeoutMs?: number;
  /** Sent as the User-Agent header. @default 'ledger-mock' */
  userAgent?: string;
}

/**
 * A deliverer that POSTs each event as JSON with `Ledger-Event` and `Ledger-Delivery` headers and
 * reports the status (2xx is `delivered`) or the error. Redirects are not followed.
 */
export function createHttpWebhookDeliverer(options: HttpWebhookDelivererOptions = {}): WebhookDeliverer {
  const timeoutMs = options.timeoutMs ?? 5000;
  return async (subscription, event) => {
    let url: URL;
    try {
      url = new URL(subscription.url);
    } catch {
      return { ok: false, error: `Not delivered: ${subscription.url} is not a URL` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { ok: false, error: `Not delivered: ${url.protocol} URLs are not supported` };
    }
    if (!options.allowRemote && !isLoopbackHost(url.hostname)) {
      return {
        ok: false,
        error: `Not delivered: ${url.hostname} is not a loopback host; the mock server only delivers to localhost, 127.0.0.0/8 and ::1 unless started with --allow-remote-webhooks`,
      };
    }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'ledger-event': event.type,
          'ledger-delivery': event.id,
          'user-agent': options.userAgent ?? 'ledger-mock',
        },
        body: JSON.stringify(event),
        redirect: 'manual', // a loopback receiver must not bounce the event elsewhere
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.ok ? { ok: true, status: response.status } : { ok: false, status: response.status, error: `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, error: describeFetchError(error, timeoutMs) };
    }
  };
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1, as the URL parser normalises them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `Timed out after ${timeoutMs} ms`;
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${message}${cause}`;
}
