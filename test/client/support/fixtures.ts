// Pinned values shared by the client tests.
import type { AccountDetail, Category, Identity, Snapshot } from 'personal-ledger-sdk';

export const BASE_URL = 'https://ledger.test';
/** A distinctive token: any test can search output for it. */
export const TOKEN = 'plk_SECRETsecretSECRET0123456789abcdefghij';

export const ACCOUNT_ID = '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f';
export const CATEGORY_ID = '0b8f6c1a-2d3e-4f50-9a1b-2c3d4e5f6a7b';
export const SNAPSHOT_ID = 'snap_0001';

export const identity: Identity = { user_id: 'usr_1', household_id: 'hh_1', token_id: 'tok_1' };
export const category: Category = { id: CATEGORY_ID, name: 'Checking', type: 'asset' };
export const accountDetail: AccountDetail = {
  id: ACCOUNT_ID,
  name: 'Everyday',
  institution_name: 'Public API',
  category_id: CATEGORY_ID,
  category_name: 'Checking',
  category_type: 'asset',
  visibility: 'private',
  lifecycle_status: 'active',
  liquidity_tier: 'cash',
  auto_carry_forward: false,
};
export const { auto_carry_forward: _omit, ...account } = accountDetail;
export const snapshot: Snapshot = {
  id: SNAPSHOT_ID,
  account_id: ACCOUNT_ID,
  snapshot_date: '2024-01-31',
  balance: 1234.5,
  is_estimated: false,
};
