import { LIFECYCLE_STATUSES, LIQUIDITY_TIERS, VISIBILITIES } from '../../src/generated/api-constants';
import * as z from '../zod';
import type { AccountRecord, CategoryRecord, HouseholdRecord, TokenRecord, UserRecord, WebhookRecord } from './records';

export const PLANS = ['free', 'household', 'household_sharing', 'lapsed'] as const;
export const SCOPES = ['ledger:read', 'snapshots:write', 'accounts:write'] as const;
export const ACCOUNT_KINDS = ['standard', 'vault'] as const;

const id = z.string().check(z.minLength(1));
const time = z.iso.datetime();

// The record schemas @msw/data checks every write against (as Standard Schemas).
export const householdSchema = z.object({ id, name: z.string(), plan: z.enum(PLANS), created_at: time });
export const userSchema = z.object({ id, name: z.string(), household_id: id, created_at: time });
export const categorySchema = z.object({ id, name: z.string(), type: z.string(), owner_user_id: z.nullable(id) });
export const accountSchema = z.object({
  id,
  owner_user_id: id,
  kind: z.enum(ACCOUNT_KINDS),
  name: z.string(),
  institution_name: z.string(),
  category_id: id,
  visibility: z.enum(VISIBILITIES),
  lifecycle_status: z.enum(LIFECYCLE_STATUSES),
  liquidity_tier: z.enum(LIQUIDITY_TIERS),
  auto_carry_forward: z.boolean(),
  created_at: time,
});
export const tokenSchema = z.object({
  id,
  user_id: id,
  name: z.string(),
  prefix: z.string(),
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  scopes: z.array(z.enum(SCOPES)),
  created_at: time,
  expires_at: z.nullable(time),
  revoked_at: z.nullable(time),
  last_used_at: z.nullable(time),
});
export const webhookSchema = z.object({ id, user_id: id, url: z.string(), active: z.boolean(), created_at: time });

// Compile-time proof that each schema describes exactly its record interface.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const proofs: [
  Same<z.infer<typeof householdSchema>, HouseholdRecord>,
  Same<z.infer<typeof userSchema>, UserRecord>,
  Same<z.infer<typeof categorySchema>, CategoryRecord>,
  Same<z.infer<typeof accountSchema>, AccountRecord>,
  Same<z.infer<typeof tokenSchema>, TokenRecord>,
  Same<z.infer<typeof webhookSchema>, WebhookRecord>,
] = [true, true, true, true, true, true];
void proofs;
