import { ApiError, MockControlError } from '../errors';
import type { HouseholdRecord, Plan, Visibility } from '../store/records';
import { householdLabel } from './explain';

/** `household` and `household_sharing` include the API; `free` and `lapsed` do not. */
export function planIncludesApi(plan: Plan): boolean {
  return plan === 'household' || plan === 'household_sharing';
}

/** Only `household_sharing` includes sharing. */
export function planIncludesSharing(plan: Plan): boolean {
  return plan === 'household_sharing';
}

/** Spec 5.8: the household's current plan is checked on every request (402 `plan_required`). */
export function requireApiPlan(household: HouseholdRecord): void {
  if (!planIncludesApi(household.plan)) {
    throw new ApiError(402, 'plan_required', 'The household plan does not include API access').because(
      `${householdLabel(household)} is on the ${household.plan} plan, which does not include API access`,
    );
  }
}

/**
 * Spec 4 (POST and PATCH /accounts): a visibility other than private needs a plan that includes
 * sharing (402 `sharing_not_in_plan`). Only setting it needs the plan (spec-gaps 20).
 */
export function requireSharingFor(household: HouseholdRecord, visibility: Visibility | undefined): void {
  if (visibility !== undefined && visibility !== 'private' && !planIncludesSharing(household.plan)) {
    throw new ApiError(402, 'sharing_not_in_plan', 'The household plan does not include sharing').because(
      `visibility ${visibility} needs sharing, and ${householdLabel(household)} is on the ${household.plan} plan, which does not include sharing`,
    );
  }
}

/** Spec 1: creating tokens or webhooks on a plan without API access is refused with 402. */
export function requirePlanForDeveloperSettings(household: HouseholdRecord, what: 'tokens' | 'webhooks'): void {
  if (!planIncludesApi(household.plan)) {
    throw new MockControlError(
      402,
      'plan_required',
      `Creating ${what} needs a household plan; this one is ${household.plan}`,
    );
  }
}
