// Loading a scenario: by name, or a scenario object of your own; a refused load changes nothing.
import { describe, expect, it } from 'vitest';
import {
  createLedgerMock,
  DEMO_IDS,
  DEMO_TOKENS,
  MockControlError,
  type Scenario,
  type ScenarioName,
} from 'personal-ledger-sdk/mocks';
import { createTestMock } from '../support/test-mock';

const { call, control } = createTestMock({ scenario: 'demo', seed: 'scenario-tests' });

/** The state, and proof that the API still answers from it. */
async function observable() {
  const me = await call('GET', '/me', { token: DEMO_TOKENS.alex });
  return { me: [me.status, me.body], dump: await control.dump() };
}

describe('loadScenario: by name', () => {
  it("'demo' and 'empty' name the shipped scenarios", async () => {
    await control.loadScenario('empty');
    expect((await control.dump()).users).toEqual([]);
    await control.loadScenario('demo');
    expect((await control.listUsers()).map((u) => u.id)).toEqual([DEMO_IDS.users.alex, DEMO_IDS.users.sam]);
  });

  it('an unknown name is refused (400 unknown_scenario) with the known names listed and the near miss named; nothing changes', async () => {
    const before = await observable();
    const refusal = control.loadScenario('dmeo' as ScenarioName);
    await expect(refusal).rejects.toBeInstanceOf(MockControlError);
    await expect(refusal).rejects.toMatchObject({
      status: 400,
      code: 'unknown_scenario',
      message: expect.stringMatching(/"dmeo" \(did you mean demo\?\).*demo, empty/),
    });
    expect(await observable()).toEqual(before);
  });

  it('an object that holds no state but a name names a shipped scenario: { name: "demo" } is the demo', async () => {
    await control.loadScenario('empty');
    await control.loadScenario({ name: 'demo' });
    expect((await control.listUsers()).map((u) => u.name)).toEqual(['Alex', 'Sam']);
    await control.loadScenario({ name: 'empty', description: 'a label does not make it state' });
    expect(await control.listUsers()).toEqual([]);
  });

  it('{ name: "dmeo" } alone is refused like "dmeo", never loaded as an empty state; nothing changes', async () => {
    const before = await observable();
    await expect(control.loadScenario({ name: 'dmeo' })).rejects.toMatchObject({
      status: 400,
      code: 'unknown_scenario',
      message: expect.stringContaining('demo, empty'),
    });
    expect(await observable()).toEqual(before);
    expect(before.me[0]).toBe(200);
  });

  it('createLedgerMock({ scenario }) follows the same rules, at once', () => {
    expect(() => createLedgerMock({ scenario: 'dmeo' as ScenarioName })).toThrow(/No scenario named "dmeo"/);
    expect(() => createLedgerMock({ scenario: { name: 'dmeo' } })).toThrow(MockControlError);
  });
});

describe('loadScenario: a scenario object', () => {
  it('an object with state is your own scenario; its name is only a label', async () => {
    await control.loadScenario({
      name: 'demo',
      households: [{ id: 'h', plan: 'household' }],
      users: [{ id: 'u', household_id: 'h' }],
    });
    expect((await control.listUsers()).map((u) => u.id)).toEqual(['u']);
  });

  it('must validate against the scenario schema (400 invalid_scenario); nothing changes', async () => {
    const before = await observable();
    await expect(
      control.loadScenario({ households: [{ id: 'h', plan: 'gold' }] } as unknown as Scenario),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_scenario',
      message: expect.stringContaining('households.0.plan'),
    });
    await expect(control.loadScenario({ name: 'x', househods: [] } as unknown as Scenario)).rejects.toThrow(
      /Unrecognized key: "househods"/,
    );
    expect(await observable()).toEqual(before);
  });

  it('one that cannot be loaded whole (a user in a household it does not have) is refused; the state and the API are as before', async () => {
    const before = await observable();
    const dangling: Scenario = {
      households: [{ id: 'h', plan: 'household' }],
      users: [{ id: 'u1', household_id: 'nope' }],
    };
    await expect(control.loadScenario(dangling)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_scenario',
      message: expect.stringContaining('No household nope'),
    });
    expect(await observable()).toEqual(before);
    expect((await call('GET', '/accounts', { token: DEMO_TOKENS.alex })).status).toBe(200);
  });
});

describe('loadScenario: snapshots that keep their ids', () => {
  const CATEGORY = 'ca000000-0000-4000-8000-000000000001';
  const ACCOUNT = 'ac000000-0000-4000-8000-000000000001';
  const base: Scenario = {
    households: [{ id: 'h', plan: 'household' }],
    users: [{ id: 'u', household_id: 'h' }],
    categories: [{ id: CATEGORY, name: 'Cash' }],
    accounts: [{ id: ACCOUNT, owner_user_id: 'u', name: 'A', category_id: CATEGORY }],
    tokens: [{ id: 't', user_id: 'u', value: `plk_${'K'.repeat(40)}` }],
  };
  const token = `plk_${'K'.repeat(40)}`;

  it("a snapshot with an id in the fake's form is answered with it; one without gets the next id after the highest", async () => {
    await control.loadScenario({
      ...base,
      snapshots: [
        { account_id: ACCOUNT, snapshot_date: '2026-01-31', balance: 1 },
        { id: 'snp_z', account_id: ACCOUNT, snapshot_date: '2026-02-28', balance: 2, is_estimated: true },
        { id: 'snp_3', account_id: ACCOUNT, snapshot_date: '2026-03-31', balance: 3 },
      ],
    });
    const { body } = await call('GET', '/snapshots', { token });
    expect(
      body.snapshots.map((s: { id: string; balance: number; is_estimated: boolean }) => [
        s.id,
        s.balance,
        s.is_estimated,
      ]),
    ).toEqual([
      ['snp_10', 1, false],
      ['snp_z', 2, true],
      ['snp_3', 3, false],
    ]);
    expect((await call('GET', '/snapshots/snp_z', { token })).body).toMatchObject({ snapshot_date: '2026-02-28' });
    const written = await call('POST', '/snapshots', {
      token,
      body: { account_id: ACCOUNT, snapshot_date: '2026-04-30', balance: 4 },
    });
    expect(written.body.snapshot.id).toBe('snp_11');
  });

  it('an id of another form, an id twice, or a second id for one (account, date) is refused (400 invalid_scenario); nothing changes', async () => {
    await control.loadScenario('demo');
    const before = await observable();
    const row = { account_id: ACCOUNT, snapshot_date: '2026-01-31', balance: 1 };
    await expect(
      control.loadScenario({ ...base, snapshots: [{ ...row, id: '7d1c2a4e-3b5f-4c6d-8e9f-0a1b2c3d4e5f' }] }),
    ).rejects.toThrow(/snapshots\.0\.id: must be a snapshot id of the fake/);
    await expect(
      control.loadScenario({
        ...base,
        snapshots: [
          { ...row, id: 'snp_5' },
          { ...row, snapshot_date: '2026-02-28', id: 'snp_5' },
        ],
      }),
    ).rejects.toThrow(/snp_5 is listed twice/);
    await expect(
      control.loadScenario({
        ...base,
        snapshots: [
          { ...row, id: 'snp_5' },
          { ...row, id: 'snp_6' },
        ],
      }),
    ).rejects.toThrow(/ac000000-0000-4000-8000-000000000001 already has snapshot snp_5 on 2026-01-31/);
    expect(await observable()).toEqual(before);
  });
});
