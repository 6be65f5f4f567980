// The docs/spec-gaps.md entries no probe can observe over HTTP with one user's token, and why. Together with the
// probes' `gaps`, every entry is accounted for (a test checks it).

/** Spec-gaps entry number -> why no probe observes it. */
export const UNOBSERVABLE_GAPS: Readonly<Record<number, string>> = {
  18: 'a token cannot be expired or revoked through the API, and the kit has only the one it was given',
  23: "seeing and editing another member's accounts needs a second user's token; one token cannot tell whose an account is",
  25: 'webhook events go to subscriptions no API lists; the kit only sees `webhooks_attempted` (compared by type and range)',
  27: "carry-forward is the service's daily job; the kit never turns auto_carry_forward on, so it cannot make it run",
  31: 'token bookkeeping (last_used_at, creating tokens on a lapsed plan) is in the application, not the API',
};
