// The specification's rules, one entry each: every numbered rule and every table row of its sections 3 to 9 (states,
// endpoints, authentication, events, errors, limits, versioning), and the rules of sections 1 and 2 that probes cite.
// Probes cite these keys (`rules` of a probe), and the coverage table of docs/parity.md is generated from those
// citations: every rule has a line, with the probes that observe it or why none can (`cannot`).

/** One rule: what the specification says, in its words (shortened), and why no probe can observe it, if none can. */
export interface SpecRule {
  readonly says: string;
  /** Why it cannot be observed over HTTP with one token and a scratch account. */
  readonly cannot?: string;
}

const NEVER_CREATED =
  'the kit never sends POST /accounts: an account cannot be deleted, so the write could not be undone';
const ONE_TOKEN =
  'the kit has only the token it was given, with every scope, and cannot create, revoke or change tokens (spec 2: tokens are made in the application)';
const PLAN = 'no API shows or changes the plan: the kit cannot make it lapse or lack a feature';
const SECOND_USER = 'it needs a second user of the household (their token, or their membership changed)';
const DELIVERIES =
  'webhook deliveries are outside the API; the kit sees only webhooks_attempted in write answers, and DELETE answers none';
const PATCH_COUNTS_NOTHING =
  'PATCH /snapshots/{id} answers the Snapshot alone, without webhooks_attempted, and deliveries are outside the API';

/** Every rule, by the citation probes and the docs use. */
export const RULES = {
  // 1. What the service does (the rules probes cite).
  '§1 whole interface': {
    says: 'the document covers the whole public interface: the operations of the endpoint table, and no other method on their paths',
  },
  '§1 no account deletion': {
    says: 'account deletion is not offered (it would destroy the balance history); archiving is offered instead',
  },
  // 2. Resources and their fields (the rules probes cite).
  '§2 Identity': { says: 'GET /me answers user_id, household_id, token_id' },
  '§2 Account visibility': { says: 'visibility: private (default), shared_read_only, shared_full_access' },
  '§2 Account category_name': { says: 'category_name: read-only, in responses' },
  '§2 Account liquidity_tier': {
    says: 'liquidity_tier: auto (default on create), cash, ...; with auto the service infers the label',
  },
  '§2 Account auto_carry_forward': {
    says: 'auto_carry_forward: returned by GET /accounts/{id}, settable by PATCH, not in the list',
  },
  '§2 Snapshot': { says: 'the pair (account_id, snapshot_date) is unique, which makes writes idempotent' },
  '§2 Snapshot balance': { says: 'balance: number (decimal)' },
  // 3. States and transitions.
  '§3 lifecycle active -> archived': {
    says: 'PATCH lifecycle_status=archived: archived; stays in net-worth math, snapshots kept',
  },
  '§3 lifecycle archived -> active': { says: 'PATCH lifecycle_status=active: active' },
  '§3 archived accounts listed': { says: 'archived accounts still appear in GET /accounts' },
  '§3 is_estimated true -> false': {
    says: 'a write of the same (account_id, snapshot_date): balance replaced, estimated mark cleared',
    cannot:
      'only the service makes an estimated snapshot (carry-forward, valuations), and the kit writes only to the scratch account, which it never lets carry forward',
  },
  '§3 is_estimated none -> false': { says: 'a write of a new pair: snapshot inserted, is_estimated=false' },
  '§3 token revoked': {
    says: 'revoked in the application: disabled immediately, requests then 401',
    cannot: ONE_TOKEN,
  },
  // 4. Endpoints: the table.
  '§4 table GET /me': { says: 'GET /api/public/v1/me, scope ledger:read' },
  '§4 table GET /categories': { says: 'GET /api/public/v1/categories, scope ledger:read' },
  '§4 table GET /accounts': { says: 'GET /api/public/v1/accounts, scope ledger:read' },
  '§4 table POST /accounts': { says: 'POST /api/public/v1/accounts, scope accounts:write' },
  '§4 table GET /accounts/{id}': { says: 'GET /api/public/v1/accounts/{id}, scope ledger:read' },
  '§4 table PATCH /accounts/{id}': { says: 'PATCH /api/public/v1/accounts/{id}, scope accounts:write' },
  '§4 table GET /snapshots': { says: 'GET /api/public/v1/snapshots, scope ledger:read' },
  '§4 table POST /snapshots': { says: 'POST /api/public/v1/snapshots, scope snapshots:write' },
  '§4 table GET /snapshots/{id}': { says: 'GET /api/public/v1/snapshots/{id}, scope ledger:read' },
  '§4 table PATCH /snapshots/{id}': { says: 'PATCH /api/public/v1/snapshots/{id}, scope snapshots:write' },
  '§4 table DELETE /snapshots/{id}': { says: 'DELETE /api/public/v1/snapshots/{id}, scope snapshots:write' },
  '§4 table POST /snapshots/bulk': { says: 'POST /api/public/v1/snapshots/bulk, scope snapshots:write' },
  '§4 table GET /openapi.json': { says: 'GET /api/public/v1/openapi.json, no scope' },
  // 4. Endpoints: each operation.
  '§4 GET /me': { says: 'response: the Identity object (user_id, household_id, token_id)' },
  '§4 GET /categories': { says: 'response: { categories: [Category] }, sorted by type, then by name' },
  '§4 GET /accounts no pagination': { says: 'no query parameters and no pagination' },
  '§4 GET /accounts response': { says: 'response: { accounts: [Account] } with the nine list fields' },
  '§4 GET /accounts lists every visible account': {
    says: 'lists every standard account visible to the token, including archived ones',
  },
  '§4 POST /accounts status': { says: 'status 201 on success', cannot: NEVER_CREATED },
  '§4 POST /accounts body name': { says: 'name: required, string, 1-120 characters' },
  '§4 POST /accounts body category_id': { says: 'category_id: required, UUID from GET /categories' },
  '§4 POST /accounts body institution_name': {
    says: 'institution_name: optional, 1-120 characters, default Public API',
  },
  '§4 POST /accounts body visibility': {
    says: 'visibility: optional, private (default), shared_read_only, shared_full_access',
  },
  '§4 POST /accounts body liquidity_tier': { says: 'liquidity_tier: optional, auto (default), cash, ...' },
  '§4 POST /accounts rule 1': {
    says: 'a visibility other than private without sharing in the plan: 402',
    cannot: NEVER_CREATED,
  },
  '§4 POST /accounts rule 2': { says: 'an unknown or inaccessible category_id: 422', cannot: NEVER_CREATED },
  '§4 POST /accounts rule 3': { says: 'the response body shape on success: not shown (spec-gaps 3)' },
  '§4 GET /accounts/{id}': { says: 'response: one Account including auto_carry_forward' },
  '§4 GET /accounts/{id} 404': { says: 'an account not visible to the token: 404' },
  '§4 PATCH /accounts/{id} body': {
    says: 'all fields optional, at least one must be sent; omitted fields are left unchanged',
  },
  '§4 PATCH /accounts/{id} name': { says: 'name: 1-120 characters' },
  '§4 PATCH /accounts/{id} institution_name': { says: 'institution_name: 1-120 characters' },
  '§4 PATCH /accounts/{id} category_id': { says: 'category_id: UUID from GET /categories' },
  '§4 PATCH /accounts/{id} visibility': { says: 'visibility: private, shared_read_only, shared_full_access' },
  '§4 PATCH /accounts/{id} lifecycle_status': { says: 'lifecycle_status: active or archived' },
  '§4 PATCH /accounts/{id} auto_carry_forward': { says: 'auto_carry_forward: boolean' },
  '§4 PATCH /accounts/{id} liquidity_tier': { says: 'liquidity_tier: same values as on create' },
  '§4 PATCH /accounts/{id} rule 1': { says: 'an account not editable by the token: 404' },
  '§4 PATCH /accounts/{id} rule 2': { says: 'a shared visibility without sharing in the plan: 402' },
  '§4 PATCH /accounts/{id} rule 3': { says: 'response body: not shown (spec-gaps 4)' },
  '§4 GET /snapshots account_id': {
    says: 'account_id: optional; omitted, snapshots across every visible standard account',
  },
  '§4 GET /snapshots from': { says: 'from: optional, YYYY-MM-DD lower bound' },
  '§4 GET /snapshots to': { says: 'to: optional, YYYY-MM-DD upper bound' },
  '§4 GET /snapshots malformed bound': { says: 'a malformed from or to returns 400' },
  '§4 GET /snapshots no pagination': { says: 'there is no pagination; response: { snapshots: [Snapshot] }' },
  '§4 POST /snapshots upsert': {
    says: 'creates the snapshot for (account_id, snapshot_date), or updates it if it exists',
  },
  '§4 POST /snapshots body': {
    says: 'body: account_id (UUID), snapshot_date (YYYY-MM-DD), balance (number); which are required: not shown (spec-gaps 5)',
  },
  '§4 POST /snapshots response': { says: 'response: { snapshot, action, webhooks_attempted }' },
  '§4 POST /snapshots rule 1': { says: 'action inserted, status 201, for a new snapshot; status 200 for an update' },
  '§4 POST /snapshots rule 2': { says: 'the stored balance is confirmed (is_estimated=false)' },
  '§4 POST /snapshots rule 3': { says: 'an account that does not exist or is not writable by the token: 422' },
  '§4 POST /snapshots rule 4': { says: 'fires the snapshot.upserted event' },
  '§4 GET /snapshots/{id}': { says: 'response: one Snapshot' },
  '§4 GET /snapshots/{id} 404': { says: 'not found: 404' },
  '§4 PATCH /snapshots/{id} body': { says: 'body: balance, snapshot_date, or both; at least one is required' },
  '§4 PATCH /snapshots/{id} response': { says: 'response: the updated Snapshot' },
  '§4 PATCH /snapshots/{id} event': { says: 'fires the snapshot.upserted event', cannot: PATCH_COUNTS_NOTHING },
  '§4 PATCH /snapshots/{id} 404': { says: 'a snapshot not editable by the token: 404' },
  '§4 DELETE /snapshots/{id} response': { says: 'response: { deleted: true, id }' },
  '§4 DELETE /snapshots/{id} 404': { says: 'a snapshot not deletable by the token: 404' },
  '§4 DELETE /snapshots/{id} no webhook': { says: 'deletion fires no webhook', cannot: DELIVERIES },
  '§4 POST /snapshots/bulk body': {
    says: 'body: { snapshots: [ { account_id, snapshot_date, balance } ] }, at most 5,000 rows',
  },
  '§4 POST /snapshots/bulk received': { says: 'received: rows sent' },
  '§4 POST /snapshots/bulk inserted': { says: 'inserted: rows created' },
  '§4 POST /snapshots/bulk updated': { says: 'updated: rows that updated an existing snapshot' },
  '§4 POST /snapshots/bulk skipped': { says: 'skipped: [{ index, reason }], index zero-based' },
  '§4 POST /snapshots/bulk webhooks_attempted': { says: 'webhooks_attempted: integer' },
  '§4 POST /snapshots/bulk rule 1': { says: 'the response accounts for every row sent' },
  '§4 POST /snapshots/bulk rule 2': { says: 'some rows written, others skipped: still a success status' },
  '§4 POST /snapshots/bulk rule 3': { says: 'nothing written: 422 with the same per-row detail' },
  '§4 POST /snapshots/bulk rule 4': { says: 'one snapshot.upserted event carries every row written, not one per row' },
  '§4 GET /openapi.json': { says: 'no authentication; an OpenAPI 3.1 document generated by the running service' },
  // 5. Authentication.
  '§5.1': { says: 'every request except GET /openapi.json carries Authorization: Bearer <API_TOKEN>' },
  '§5.2': { says: 'tokens are created in the application; the value is shown once', cannot: ONE_TOKEN },
  '§5.3': { says: 'a token can be revoked at any time, with immediate effect', cannot: ONE_TOKEN },
  '§5.4': { says: 'each endpoint requires one scope; tokens are issued with all three' },
  '§5.5': { says: 'a missing, invalid, revoked or expired token: 401' },
  '§5.6': { says: "a token lacking the endpoint's scope: 403", cannot: ONE_TOKEN },
  '§5.7': {
    says: 'access is resolved live: an owner who leaves a household stops seeing its shared accounts at once',
    cannot: SECOND_USER,
  },
  '§5.8': { says: 'the plan is checked on every request; a lapsed plan stops the token', cannot: PLAN },
  '§5.9': { says: 'token lifetime and expiry rules: not shown (spec-gaps 18)', cannot: ONE_TOKEN },
  // 6. Events.
  '§6 emitted by POST /snapshots': { says: 'snapshot.upserted is emitted by POST /snapshots' },
  '§6 emitted by PATCH /snapshots/{id}': {
    says: 'snapshot.upserted is emitted by PATCH /snapshots/{id}',
    cannot: PATCH_COUNTS_NOTHING,
  },
  '§6 emitted by POST /snapshots/bulk': {
    says: 'snapshot.upserted is emitted by POST /snapshots/bulk: one event for all rows written in the call',
  },
  '§6 not emitted by DELETE': {
    says: 'snapshot.upserted is not emitted by DELETE /snapshots/{id}',
    cannot: DELIVERIES,
  },
  '§6 webhooks_attempted': {
    says: 'responses of the write operations carry webhooks_attempted, the number of webhooks attempted',
  },
  '§6 payload': { says: 'payload shape of the event: not shown (spec-gaps 25)', cannot: DELIVERIES },
  '§6 delivery': {
    says: 'registration, delivery headers, signing, retries and time-outs: not shown (spec-gaps 26)',
    cannot: DELIVERIES,
  },
  // 7. Errors.
  '§7 error body': {
    says: 'error bodies are JSON with an error string; some carry a code, or a detail array of { path, message }',
  },
  '§7 400': { says: '400: bad JSON; an invalid query parameter such as a malformed from or to' },
  '§7 401': { says: '401: token missing, invalid, revoked or expired' },
  '§7 402': {
    says: '402: a feature the plan lacks (a shared visibility without sharing; a lapsed plan; tokens or webhooks on the free plan)',
  },
  '§7 403': { says: '403: the token lacks the scope the endpoint needs', cannot: ONE_TOKEN },
  '§7 404': { says: "404: unknown id, or an account or snapshot outside the token's reach" },
  '§7 422': { says: '422: validation failure; a referenced record missing; a bulk call that wrote nothing' },
  // 8. Limits.
  '§8 rows per bulk call': { says: 'rows per bulk call: 5,000' },
  '§8 name length': { says: 'name: 1-120 characters' },
  '§8 institution_name length': { says: 'institution_name: 1-120 characters' },
  '§8 pagination': { says: 'pagination: none for GET /accounts, GET /snapshots (narrow with from and to)' },
  '§8 plan': { says: 'a household-level plan is required for all requests', cannot: PLAN },
  '§8 sharing': { says: 'a visibility other than private needs a plan with sharing' },
  // 9. Versioning.
  '§9.1': { says: 'the version is in the path: /api/public/v1/' },
  '§9.2': {
    says: 'additive changes within v1: new endpoints and new optional response fields; clients ignore unknown fields',
    cannot:
      'a promise about later versions; the kit allows for it (a field only the service sends is noted, not a difference)',
  },
  '§9.3': { says: 'the OpenAPI 3.1 document at /api/public/v1/openapi.json is the authoritative shape reference' },
  '§9.4': {
    says: 'deprecation policy and breaking changes: not shown',
    cannot: 'a policy over time: no answer of one run shows it',
  },
} satisfies Record<string, SpecRule>;

/** A rule's citation, as probes give it. */
export type RuleId = keyof typeof RULES;
