// Pieces of the /__mock wire schemas that several operations share. Bodies are snake_case JSON like the API's;
// unknown keys are refused.
import { LIFECYCLE_STATUSES, LIQUIDITY_TIERS, VISIBILITIES } from '../../../src/generated/api-constants';
import { dayNumber } from '../../../src/shared/calendar-date';
import { PLANS } from '../../store/schemas';
import * as z from '../../zod';

/** An optional string. */
export const text = z.optional(z.string());
/** An optional plan. */
export const plan = z.optional(z.enum(PLANS));
/** When a record was made: as GET shows it (created_at), so a listed record can be posted back. */
export const createdAt = z.optional(z.iso.datetime({ offset: true }));
/** A time: ISO 8601 with an offset, or milliseconds since 1970. */
export const time = z.union([z.iso.datetime({ offset: true }), z.number()]);

/** The fields of an account that can be set when it is made and changed later. */
export const accountFields = {
  name: z.string(),
  category_id: z.string(),
  institution_name: text,
  visibility: z.optional(z.enum(VISIBILITIES)),
  lifecycle_status: z.optional(z.enum(LIFECYCLE_STATUSES)),
  liquidity_tier: z.optional(z.enum(LIQUIDITY_TIERS)),
  auto_carry_forward: z.optional(z.boolean()),
};

/**
 * Accounts and categories name their owner owner_user_id, as GET answers and scenario files write it. user_id is
 * its old name on POST: still taken (deprecated), never together with owner_user_id.
 */
export const oldOwner = { user_id: text };
/** Refuses owner_user_id and user_id together. */
export const notBothOwners = z.refine<{ owner_user_id?: string | null; user_id?: string }>(
  (b) => b.owner_user_id === undefined || b.user_id === undefined,
  {
    message: 'give owner_user_id only (user_id is its old name)',
    path: ['user_id'],
  },
);

// Scenario files: ids pinned by the file, real days, finite balances.
/** An id a scenario file pins. */
export const scenarioId = z.string().check(z.minLength(1));
/** A real YYYY-MM-DD day. */
export const scenarioDate = z
  .string()
  .check(z.refine((text) => dayNumber(text) !== undefined, 'must be a real YYYY-MM-DD date'));
/** A time in a scenario file: ISO 8601 with an offset. */
export const scenarioTime = z.iso.datetime({ offset: true });
/** A balance: a finite number. */
export const scenarioBalance = z.number().check(z.refine(Number.isFinite, 'must be finite'));
/** An optional flag. */
export const flag = z.optional(z.boolean());
