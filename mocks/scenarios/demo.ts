// Names for the pinned values of scenarios/demo.json (a test checks they agree with the file).

/** The known token values of the demo scenario's members. For examples and tests only. */
export const DEMO_TOKENS = {
  alex: 'plk_alexDemo7Hq2LmN9pR4sT6vW8xY1zA3bC5dE0fG2',
  sam: 'plk_samDemoK4jM6nP8qR1sT3uV5wX7yZ9aB2cD4eF6g',
} as const;

/** The pinned ids of the demo scenario. */
export const DEMO_IDS = {
  household: 'd0000000-0000-4000-8000-000000000001',
  users: {
    alex: 'a1e40000-0000-4000-8000-000000000001',
    sam: '5a300000-0000-4000-8000-000000000002',
  },
  tokens: {
    alex: '70ce0000-0000-4000-8000-000000000001',
    sam: '70ce0000-0000-4000-8000-000000000002',
  },
  categories: {
    cash: 'ca700000-0000-4000-8000-000000000001',
    investments: 'ca700000-0000-4000-8000-000000000002',
    retirement: 'ca700000-0000-4000-8000-000000000003',
    property: 'ca700000-0000-4000-8000-000000000004',
    vehicle: 'ca700000-0000-4000-8000-000000000005',
    creditCard: 'ca700000-0000-4000-8000-000000000006',
    loan: 'ca700000-0000-4000-8000-000000000007',
    mortgage: 'ca700000-0000-4000-8000-000000000008',
    /** Alex's own. */
    artCollection: 'ca700000-0000-4000-8000-000000000009',
    /** Sam's own. */
    collectibles: 'ca700000-0000-4000-8000-000000000010',
  },
  accounts: {
    /** Alex, private, cash. */
    everydayChecking: 'acc00000-0000-4000-8000-000000000001',
    /** Alex, shared_full_access, cash. */
    jointSavings: 'acc00000-0000-4000-8000-000000000002',
    /** Alex, shared_read_only, taxable_investment. */
    brokerage: 'acc00000-0000-4000-8000-000000000003',
    /** Sam, private, retirement. */
    workplacePension: 'acc00000-0000-4000-8000-000000000004',
    /** Sam, shared_full_access, debt. */
    creditCard: 'acc00000-0000-4000-8000-000000000005',
    /** Alex, private, archived, explicit tier debt. */
    carLoan: 'acc00000-0000-4000-8000-000000000006',
    /** Alex, a vault item (shared_read_only, yet never reachable). */
    familyHome: 'acc00000-0000-4000-8000-000000000007',
    /** Alex, private, own category, auto_carry_forward. */
    painting: 'acc00000-0000-4000-8000-000000000008',
  },
  webhooks: {
    alex: 'eb000000-0000-4000-8000-000000000001',
  },
} as const;
