// Reading accounts (spec 4 GET /accounts, GET /accounts/{id}; spec-gaps 11 and 22).
import { firstAccount, get, needsAccount } from './helpers';
import type { Probe } from './types';

/** At most this many accounts are read one by one (each is one request). */
const DETAILS_READ = 20;

export const accountReadProbes: readonly Probe[] = [
  {
    id: 'accounts.list',
    title:
      'GET /accounts lists every visible account, archived ones too, without auto_carry_forward; tiers never `auto`',
    rules: [
      '§4 GET /accounts response',
      '§2 Account auto_carry_forward',
      '§2 Account liquidity_tier',
      '§4 table GET /accounts',
    ],
    gaps: [1, 22],
    mode: 'read',
    operations: ['listAccounts'],
    steps: [() => get('/accounts')],
    compares: 'status and every account with every field (names masked); a field the list must not have shows',
  },
  {
    id: 'accounts.get-each',
    title: `GET /accounts/{id} of each visible account (the first ${DETAILS_READ}): the detail form with auto_carry_forward`,
    rules: ['§4 GET /accounts/{id}', '§4 table GET /accounts/{id}', '§2 Account auto_carry_forward'],
    gaps: [1, 22],
    mode: 'read',
    operations: ['getAccount'],
    needs: needsAccount,
    steps: [
      (s) => s.inventory.accounts.slice(0, DETAILS_READ).map((a) => get(`/accounts/${encodeURIComponent(a.id)}`)),
    ],
    compares: 'status and the detail body of each account',
  },
  {
    id: 'accounts.get-unknown',
    title: 'GET /accounts/{id} of an id nobody has is 404 not_found',
    rules: ['§4 GET /accounts/{id} 404', '§7 404'],
    gaps: [11],
    mode: 'read',
    operations: ['getAccount'],
    steps: [(s) => get(`/accounts/${s.absent('account')}`)],
    compares: 'status and the error body',
  },
  {
    id: 'accounts.get-malformed',
    title: 'GET /accounts/{id} of a malformed id (not a UUID) is 404 not_found, like an unknown one',
    rules: [],
    gaps: [11],
    mode: 'read',
    operations: ['getAccount'],
    steps: [(s) => get(`/accounts/${s.literal('not-a-uuid')}`)],
    compares: 'status and the error body',
  },
  {
    id: 'accounts.get-upper-case-id',
    title: 'An id is matched exactly: the upper-case form of a real account id is 404',
    rules: [],
    gaps: [11],
    mode: 'read',
    operations: ['getAccount'],
    needs: (s) =>
      /[a-f]/.test(firstAccount(s)?.id ?? '') ? undefined : 'no visible account id has a letter to change the case of',
    steps: [(s) => get(`/accounts/${s.literal(firstAccount(s)!.id.toUpperCase())}`)],
    compares: 'status and the body',
  },
];
