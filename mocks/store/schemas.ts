import { z } from 'zod';
import { jitless } from './jitless';
import type {
  AccountRecord,
  CategoryRecord,
  HouseholdRecord,
  TokenRecord,
  UserRecord,
  WebhookRecord,
} from './records';

export const PLANS = ['free', 'household', 'household_sharing', 'lapsed'] as const;
export const VISIBILITIES = ['private', 'shared_read_only', 'shared_full_access'] as const;
export const LIFECYCLE_STATUSES = ['active', 'archived'] as const;
export const LIQUIDITY_TIERS = [
  'auto',
  'cash',
  'taxable_investment',
  'retirement',
  'property',
  'other_illiquid',
  'debt',
] as const;
export const SCOPES = ['ledger:read', 'snapshots:write', 'accounts:write'] as const;
export const ACCOUNT_KINDS = ['standard', 'vault'] as const;

export const { householdSchema, userSchema, categorySchema, accountSchema, tokenSchema, webhookSchema } = jitless(() => {
  const id = z.string().min(1);
  const time = z.iso.datetime();

  const householdSchema = z.object({ id, name: z.string(), plan: z.enum(PLANS), created_at: time });
  const userSchema = z.object({ id, name: z.string(), household_id: id, created_at: time });
  const categorySchema = z.object({ id, name: z.string(), type: z.string(), owner_user_id: id.nullable() });
  const accountSchema = z.object({
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
  const tokenSchema = z.object({
    id,
    user_id: id,
    name: z.string(),
    prefix: z.string(),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    scopes: z.array(z.enum(SCOPES)),
    created_at: time,
    expires_at: time.nullable(),
    revoked_at: time.nullable(),
    last_used_at: time.nullable(),
  });
  const webhookSchema = z.object({ id, user_id: id, url: z.string(), active: z.boolean(), created_at: time });
  return { householdSchema, userSchema, categorySchema, accountSchema, tokenSchema, webhookSchema };
});

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
