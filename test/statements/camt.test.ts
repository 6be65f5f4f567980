// camt.053 statements and camt.052 reports of every version, told by namespace; camt.054 refused with its reason;
// XML through saxes with no DOCTYPE, so no entity expansion can happen.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStatements, selectBalances, StatementFormatError } from '../../statements/index';
import { fixture } from './support';

const read = (name: string) => readStatements(readFileSync(fixture(name)));
const xml = (text: string) => new TextEncoder().encode(text);
const doc = (ns: string, body: string) =>
  xml(
    `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:${ns}"><BkToCstmrStmt>${body}</BkToCstmrStmt></Document>`,
  );
const bal = (code: string, amount: string, indicator = 'CRDT', date = '<Dt>2026-10-31</Dt>') =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt>${date}</Dt></Bal>`;
const stmt = (inner: string) =>
  `<Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${inner}</Stmt>`;

describe('camt.053: each Stmt with its account, balances by type code, and the add-up check', () => {
  it('version 02: two statements (IBAN, Othr/Id); OPBD/PRCD open, CLBD closes; booked and reversed entries count, pending ones do not', () => {
    const file = read('camt053-v02-two-accounts.xml');
    expect(file).toMatchObject({ format: 'camt', formatName: 'camt.053.001.02', skipped: [] });
    const [first, second] = file.statements;
    expect(first).toMatchObject({
      type: 'statement',
      reference: '2026-10-31-DE89',
      account: { id: 'DE89370400440532013000', scheme: 'iban' },
      currency: 'EUR',
      location: 'statement 1 (line 8)',
    });
    expect(first!.balances.map((b) => [b.kind, b.amount, b.date, b.currency])).toEqual([
      ['opening_booked', '1000.00', '2026-10-30', 'EUR'],
      ['closing_booked', '1246.56', '2026-10-31', 'EUR'],
      ['closing_available', '746.56', '2026-10-31', 'EUR'],
    ]);
    expect(first!.addUp).toEqual({
      ok: true,
      opening: '1000.00',
      entries: '246.56',
      count: 3,
      expected: '1246.56',
      closing: '1246.56',
    });
    expect(second).toMatchObject({
      account: { id: '0532013000', scheme: 'other' },
      addUp: { ok: true, opening: '-20.00', closing: '80.00' },
    });
    expect(
      selectBalances([{ source: 'a.xml', file }]).balances.map((b) => [b.statement.account.id, b.balance.amount]),
    ).toEqual([
      ['DE89370400440532013000', '1246.56'],
      ['0532013000', '80.00'],
    ]);
  });

  it('version 08 with a namespace prefix; Sts/Cd; a DtTm is the day as written in its own time zone', () => {
    const file = read('camt053-v08-prefixed.xml');
    expect(file.formatName).toBe('camt.053.001.08');
    expect(file.statements[0]!.balances.map((b) => [b.kind, b.date, b.amount])).toEqual([
      ['opening_booked', '2026-10-31', '500.00'],
      ['closing_booked', '2026-10-31', '475.25'], // 23:59:59-05:00 is November 1 in UTC, but the statement's day is October 31
    ]);
    expect(file.statements[0]!.addUp?.ok).toBe(true);
  });

  it.each(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13'])(
    'camt.053.001.%s is read by its namespace',
    (version) => {
      expect(readStatements(doc(`camt.053.001.${version}`, stmt(bal('CLBD', '1.00')))).formatName).toBe(
        `camt.053.001.${version}`,
      );
    },
  );

  it('camt.052: a report; intraday balances are reported, not written unless asked', () => {
    const file = read('camt052-v08-intraday.xml');
    expect(file.statements[0]).toMatchObject({
      type: 'report',
      account: { id: 'CH2801234000123456789' },
      balances: [
        { kind: 'intraday_booked', amount: '2200.00' },
        { kind: 'intraday_available', amount: '2100.00' },
      ],
    });
    const chosen = selectBalances([{ source: 'r.xml', file }]);
    expect(chosen.balances).toEqual([]);
    expect(chosen.skipped[0]!.reason).toBe(
      'no closing booked balance or account value (cash plus positions) to write: it states only intraday booked balance 2200.00 CHF on 2026-10-31; intraday available balance 2100.00 CHF on 2026-10-31',
    );
    expect(
      selectBalances([{ source: 'r.xml', file }], { kinds: ['intraday_booked'] }).balances.map((b) => b.balance.amount),
    ).toEqual(['2200.00']);
  });

  it('camt.054 carries no balance: refused, saying so', () => {
    expect(() => read('camt054-v08-notification.xml')).toThrow(
      'a camt.054 debit/credit notification lists entries but carries no balance, so there is nothing to write',
    );
  });

  it('other XML is refused with its namespace; XML that is not well formed is refused', () => {
    expect(() =>
      readStatements(xml('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>')),
    ).toThrow(
      'an XML document in namespace urn:iso:std:iso:20022:tech:xsd:pain.001.001.03, not an ISO 20022 camt.052 or camt.053 statement',
    );
    expect(() => readStatements(xml('<html><body/></html>'))).toThrow('an XML document without a namespace');
    expect(() => readStatements(doc('camt.053.001.02', stmt(bal('CLBD', '1.00')).slice(0, -10)))).toThrow(
      /^not well-formed XML/,
    );
  });

  it('a DOCTYPE is refused before any entity is read (no billion laughs, no external entity)', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol2;</Id></Stmt></BkToCstmrStmt></Document>';
    expect(() => readStatements(xml(laughs))).toThrow(
      'the XML has a DOCTYPE: refused, as camt files never have one (no DTD or entity is ever read)',
    );
    const external =
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&x;</Document>';
    expect(() => readStatements(xml(external))).toThrow(StatementFormatError);
    // An entity never declared is not expanded either: the XML is not well formed.
    expect(() => readStatements(doc('camt.053.001.02', stmt(`<Id>&x;</Id>${bal('CLBD', '1.00')}`)))).toThrow(
      /not well-formed XML/,
    );
  });

  it('a DBIT balance is negative; an unreadable amount, indicator or date skips its statement; no account skips it too', () => {
    expect(
      readStatements(doc('camt.053.001.02', stmt(bal('CLBD', '7.50', 'DBIT')))).statements[0]!.balances[0]!.amount,
    ).toBe('-7.50');
    const file = readStatements(
      doc(
        'camt.053.001.02',
        [
          stmt(bal('CLBD', '1,50')),
          stmt(bal('CLBD', '1.50', 'X')),
          stmt(bal('CLBD', '1.50', 'CRDT', '<Dt>2026-02-30</Dt>')),
          `<Stmt>${bal('CLBD', '1.00')}</Stmt>`,
        ].join(''),
      ),
    );
    expect(file.skipped.map((s) => s.reason)).toEqual([
      expect.stringContaining('has the amount "1,50", not a decimal amount'),
      expect.stringContaining('has CdtDbtInd "X", not CRDT or DBIT'),
      expect.stringContaining('has the date "2026-02-30", not a real YYYY-MM-DD date'),
      'it has no Acct/Id (IBAN or Othr/Id), so the account it is for is unknown',
    ]);
  });

  it('a statement whose entries do not add up is not written', () => {
    const entry = '<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts></Ntry>';
    const file = readStatements(
      doc('camt.053.001.02', stmt(`${bal('OPBD', '100.00')}${bal('CLBD', '100.00')}${entry}`)),
    );
    expect(file.statements[0]!.addUp).toMatchObject({ ok: false, expected: '95.00', closing: '100.00' });
    expect(selectBalances([{ source: 'x.xml', file }]).skipped[0]!.reason).toContain(
      'it does not add up: opening 100.00 + 1 entry -5.00 = 95.00, but its closing balance is 100.00',
    );
  });
});

describe('camt dialects banks really write', () => {
  const entry = (
    amount: string,
    inner = '<CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>',
    days = '<BookgDt><Dt>2026-10-31</Dt></BookgDt>',
  ) => `<Ntry><Amt Ccy="EUR">${amount}</Amt>${inner}${days}</Ntry>`;
  const unmarked = (code: string, amount: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><Dt><Dt>2026-10-31</Dt></Dt></Bal>`;
  const one = (inner: string) => readStatements(doc('camt.053.001.02', stmt(inner)));

  it("dates with a time-zone offset (a Liechtenstein bank's camt.053.001.07): the day is the part before the offset, Z too", () => {
    const file = read('camt053-v07-offset-dates.xml');
    expect(file.skipped).toEqual([]);
    expect(file.statements[0]!.balances.map((b) => [b.kind, b.date, b.amount])).toEqual([
      ['opening_booked', '2026-02-28', '250.00'],
      ['closing_booked', '2026-03-31', '1680.50'],
    ]);
    expect(file.statements[0]!.addUp).toMatchObject({ ok: true, count: 5, entries: '1430.50' });
    for (const date of ['2026-10-31+02:00', '2026-10-31-05:00', '2026-10-31Z', '2026-10-31T23:59:59.999+14:00']) {
      expect(one(bal('CLBD', '1.00', 'CRDT', `<Dt>${date}</Dt>`)).statements[0]!.balances[0]!.date).toBe('2026-10-31');
    }
    for (const date of ['2026-02-30+01:00', '2026-10-31+2', '2026-10-31T', '31.10.2026']) {
      expect(one(bal('CLBD', '1.00', 'CRDT', `<Dt>${date}</Dt>`)).skipped[0]!.reason).toBe(
        `line 1: the balance CLBD has the date "${date}", not a real YYYY-MM-DD date`,
      );
    }
  });

  it('no CdtDbtInd on any balance or entry, no Sts on any entry (a Lithuanian settlement account): read as booked credits when the statement then adds up, and said so; skipped when it does not', () => {
    const file = read('camt053-v02-no-marks.xml');
    const [first] = file.statements;
    expect(file.statements).toHaveLength(1);
    expect(first).toMatchObject({
      account: { id: 'LT121000011101001000' },
      addUp: { ok: true, opening: '1000.00', entries: '299.99', count: 2, closing: '1299.99' },
    });
    expect(first!.balances.map((b) => [b.kind, b.amount])).toEqual([
      ['opening_booked', '1000.00'],
      ['closing_booked', '1299.99'],
    ]);
    expect(first!.notes).toEqual([
      'its balances and entries have no CdtDbtInd (credit or debit), which camt requires, and its entries have no Sts (booked, pending or information), which camt requires: read as booked credits, and the statement adds up so (as it would were every balance and entry a debit: the file cannot tell the two apart)',
      'line 49: the closing available balance has no CdtDbtInd and the add-up check does not cover it, so its sign is unknown: not used',
    ]);
    expect(file.skipped).toEqual([
      {
        location: 'statement 2 (line 123)',
        line: 123,
        account: 'LT121000011101001000',
        reason:
          'its balances and entries have no CdtDbtInd (credit or debit), which camt requires, and its entries have no Sts (booked, pending or information), which camt requires, and read as booked credits it does not add up: opening 1299.99 + 1 entry 100.00 = 1399.99, but its closing balance is 1199.99',
      },
    ]);
    expect(
      selectBalances([{ source: 'lt.xml', file }]).balances.map((b) => [b.balance.date, b.balance.amount]),
    ).toEqual([['2026-03-04', '1299.99']]);
  });

  it('only the marks missing, or only the statuses: each read leniently on its own, only when the statement adds up', () => {
    const marksOnly = one(
      `${unmarked('OPBD', '10.00')}${unmarked('CLBD', '15.00')}${entry('5.00', '<Sts>BOOK</Sts>')}${entry('7.00', '<Sts>PDNG</Sts>')}`,
    );
    expect(marksOnly.statements[0]).toMatchObject({
      addUp: { ok: true, count: 1 },
      notes: [
        expect.stringMatching(
          /^its balances and entries have no CdtDbtInd .*: read as credits, and the statement adds up so/,
        ),
      ],
    });
    const statusesOnly = one(
      `${bal('OPBD', '10.00')}${bal('CLBD', '8.00')}${entry('2.00', '<CdtDbtInd>DBIT</CdtDbtInd>')}`,
    );
    expect(statusesOnly.statements[0]).toMatchObject({
      addUp: { ok: true, expected: '8.00' },
      notes: [
        'its entries have no Sts (booked, pending or information), which camt requires: read as booked, and the statement adds up so',
      ],
    });
    expect(
      one(`${bal('OPBD', '10.00')}${bal('CLBD', '10.00')}${entry('2.00', '<CdtDbtInd>DBIT</CdtDbtInd>')}`).skipped[0]!
        .reason,
    ).toBe(
      'its entries have no Sts (booked, pending or information), which camt requires, and read as booked it does not add up: opening 10.00 + 1 entry -2.00 = 8.00, but its closing balance is 10.00',
    );
  });

  it('read leniently only with an opening and a closing balance in one currency to check the reading against', () => {
    expect(one(unmarked('CLBD', '15.00')).skipped[0]!.reason).toBe(
      'its balances and entries have no CdtDbtInd (credit or debit), which camt requires, and with no opening and closing balance the statement cannot show that reading them as credits is right',
    );
    // Only the statuses missing, and nothing to check them against: the marked balance stands as stated, the entries
    // are not used, and no day is derived from them.
    const statusless = one(`${bal('CLBD', '15.00')}${entry('5.00', '<CdtDbtInd>CRDT</CdtDbtInd>')}`);
    expect(statusless.skipped).toEqual([]);
    expect(statusless.statements[0]!.balances.map((b) => [b.kind, b.amount])).toEqual([['closing_booked', '15.00']]);
    expect(statusless.statements[0]!.notes).toEqual([
      'its entries have no Sts (booked, pending or information), which camt requires, and with no opening and closing balance the add-up check cannot show which are booked: its balances are as the file states them, its entries are not used',
    ]);
    expect(statusless.statements[0]!.history).toEqual({
      entries: [],
      problem: expect.stringContaining('its entries have no Sts'),
    });
    const usd = `<Ntry><Amt Ccy="USD">5.00</Amt><BookgDt><Dt>2026-10-31</Dt></BookgDt></Ntry>`;
    expect(one(`${unmarked('OPBD', '10.00')}${unmarked('CLBD', '15.00')}${usd}`).skipped[0]!.reason).toContain(
      'and as its balances and entries are in EUR, USD the add-up check that would show reading them as booked credits is right cannot be made',
    );
  });

  it('no CdtDbtInd on the balances while every entry has one, or the reverse (a Lithuanian settlement account): read as credits when the statement then adds up, and said so; skipped when it does not', () => {
    const file = read('camt053-v02-balances-unmarked.xml');
    expect(file.statements.map((s) => [s.location, s.account.id, s.addUp?.ok, s.notes])).toEqual([
      [
        'statement 1 (line 8)',
        'LT121000011101001000',
        true,
        [
          'its balances have no CdtDbtInd (credit or debit), which camt requires, while its entries have one: its balances read as credits, and the statement adds up so',
          'line 49: the closing available balance has no CdtDbtInd and the add-up check does not cover it, so its sign is unknown: not used',
        ],
      ],
      [
        'statement 3 (line 202)',
        'LT471000011101002000',
        true,
        [
          'its entries have no CdtDbtInd (credit or debit), which camt requires, while its balances have one: its entries read as credits, and the statement adds up so',
        ],
      ],
    ]);
    // The entries keep their own marks: 1000.00 + 250.00 - 49.99 = 1200.01.
    expect(file.statements[0]!.addUp).toMatchObject({ opening: '1000.00', entries: '200.01', closing: '1200.01' });
    expect(file.statements[0]!.history!.entries.map((e) => e.amount)).toEqual(['250.00', '-49.99']);
    expect(file.statements[1]!.history!.entries.map((e) => e.amount)).toEqual(['120.00', '30.00']);
    // A debit balance in truth (an overdraft after a 1500.00 debit) does not add up read as a credit: skipped.
    expect(file.skipped).toEqual([
      {
        location: 'statement 2 (line 127)',
        line: 127,
        account: 'LT121000011101001000',
        reason:
          'its balances have no CdtDbtInd (credit or debit), which camt requires, while its entries have one, and with its balances read as credits it does not add up: opening 1200.01 + 1 entry -1500.00 = -299.99, but its closing balance is 299.99',
      },
    ]);
    const { balances, skipped } = selectBalances([{ source: 'lt.xml', file }], { daily: true });
    expect(balances.map((b) => [b.statement.account.id, b.balance.date, b.balance.amount])).toEqual([
      ['LT121000011101001000', '2026-04-07', '1200.01'],
      ['LT471000011101002000', '2026-04-07', '650.00'],
    ]);
    expect(skipped.map((s) => s.location)).toEqual(['statement 2 (line 127)']);
  });

  it('balances without marks are read as credits only where the add-up tells credit from debit: not when opening and closing are equal and the entries sum to zero', () => {
    const moved = `${entry('40.00')}${entry('40.00', '<CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>')}`;
    expect(one(`${unmarked('OPBD', '75.00')}${unmarked('CLBD', '75.00')}${moved}`).skipped[0]!.reason).toBe(
      'its balances have no CdtDbtInd (credit or debit), which camt requires, while its entries have one, and with its balances read as credits it adds up, but so it would were both debits: its opening and closing balances are equal and its entries sum to zero, so their sign is not guessed',
    );
    // From zero, or to zero, the sign of the zero changes nothing: the other balance's sign is proven.
    for (const [opening, closing] of [
      ['0.00', '0.00'],
      ['40.00', '0.00'],
      ['0.00', '40.00'],
    ] as const) {
      const entries =
        opening === closing
          ? moved
          : entry('40.00', `<CdtDbtInd>${opening === '0.00' ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>`);
      const file = one(`${unmarked('OPBD', opening)}${unmarked('CLBD', closing)}${entries}`);
      expect(file.skipped).toEqual([]);
      expect(file.statements[0]!.addUp!.ok).toBe(true);
    }
  });

  it('some marks or statuses given and others not, among the balances or among the entries: never guessed, the statement is skipped naming the line', () => {
    const mixedEntries = one(
      `${bal('OPBD', '10.00')}${bal('CLBD', '15.00')}${entry('2.00')}\n${entry('3.00', '<Sts>BOOK</Sts>')}`,
    );
    expect(mixedEntries.skipped[0]!.reason).toBe(
      'line 2: the entry has no CdtDbtInd (credit or debit) while other entries of the statement have one: its sign is not guessed',
    );
    const unmarkedBalance = one(`${bal('OPBD', '10.00')}\n${unmarked('CLBD', '15.00')}${entry('5.00')}`);
    expect(unmarkedBalance.skipped[0]!.reason).toBe(
      'line 2: the balance CLBD has no CdtDbtInd (credit or debit) while other balances of the statement have one: its sign is not guessed',
    );
    // Every balance marked and no entry: the reverse layout, read as credits because it adds up (10.00 + 5.00).
    const entriesUnmarked = one(`${bal('OPBD', '10.00')}${bal('CLBD', '15.00')}${entry('5.00', '<Sts>BOOK</Sts>')}`);
    expect(entriesUnmarked.statements[0]!.notes).toEqual([
      'its entries have no CdtDbtInd (credit or debit), which camt requires, while its balances have one: its entries read as credits, and the statement adds up so',
    ]);
    expect(
      one(`${bal('OPBD', '10.00')}${bal('CLBD', '5.00')}${entry('5.00', '<Sts>BOOK</Sts>')}`).skipped[0]!.reason,
    ).toBe(
      'its entries have no CdtDbtInd (credit or debit), which camt requires, while its balances have one, and with its entries read as credits it does not add up: opening 10.00 + 1 entry 5.00 = 15.00, but its closing balance is 5.00',
    );
    const mixedStatuses = one(
      `${bal('OPBD', '10.00')}${bal('CLBD', '15.00')}${entry('5.00')}\n${entry('0.50', '<CdtDbtInd>CRDT</CdtDbtInd>')}`,
    );
    expect(mixedStatuses.skipped[0]!.reason).toBe(
      'line 2: an entry has no Sts (booked, pending or information) while other entries of the statement have one: whether it is booked is not guessed',
    );
    // A zero needs no mark (its sign changes nothing); a pending entry's mark is not used; Sts/Prtry is a status, not BOOK.
    const fine = one(
      `${bal('OPBD', '10.00')}${unmarked('CLAV', '0.00')}${bal('CLBD', '15.00')}${entry('5.00')}${entry('9.00', '<Sts>PDNG</Sts>')}${entry('1.00', '<CdtDbtInd>DBIT</CdtDbtInd><Sts><Prtry>HOLD</Prtry></Sts>')}`,
    );
    expect(fine.statements[0]).toMatchObject({ addUp: { ok: true, count: 1 }, notes: [] });
    expect(fine.statements[0]!.balances.map((b) => b.amount)).toEqual(['10.00', '0.00', '15.00']);
  });

  it('an amount with more decimals or digits than camt allows is invalid, with its line (not "does not add up"), with acceptUnbalanced too', () => {
    const decimals = one(`${bal('OPBD', '100.00')}${bal('CLBD', '200.00')}\n${entry('100.0000000000005')}`);
    expect(decimals.skipped[0]!.reason).toBe(
      'line 2: the entry has the amount "100.0000000000005", an invalid amount: camt allows at most 5 decimals',
    );
    expect(one(bal('CLBD', '1.123456')).skipped[0]!.reason).toBe(
      'line 1: the balance CLBD has the amount "1.123456", an invalid amount: camt allows at most 5 decimals',
    );
    expect(one(bal('CLBD', '1234567890123456789')).skipped[0]!.reason).toBe(
      'line 1: the balance CLBD has the amount "1234567890123456789", an invalid amount: camt allows at most 18 digits',
    );
    expect(one(`${bal('OPBD', '1.00')}${bal('CLBD', '3.00')}\n${entry('-2.00')}`).skipped[0]!.reason).toBe(
      'line 2: the entry has the amount "-2.00", not a decimal amount such as 1234.56',
    );
    // An opening balance that is not a valid amount: the add-up check cannot be made, so there is no failed check for
    // acceptUnbalanced to take the bank's closing balance against; the statement stays skipped.
    const sixDecimals = read('camt053-v02-opening-six-decimals.xml');
    expect(sixDecimals.statements).toEqual([]);
    for (const acceptUnbalanced of [false, true]) {
      const selected = selectBalances([{ source: 'apr.xml', file: sixDecimals }], { acceptUnbalanced });
      expect(selected.balances).toEqual([]);
      expect(selected.skipped).toEqual([
        {
          source: 'apr.xml',
          location: 'statement 1 (line 8)',
          line: 8,
          account: 'LT121000011101001000',
          reason:
            'line 27: the balance OPBD has the amount "1523.456789", an invalid amount: camt allows at most 5 decimals',
        },
      ]);
    }
    // The limits are the value's: trailing zeros after the point and leading zeros are not digits of it.
    const padded = one(`${bal('OPBD', '1.500000')}${bal('CLBD', '0000000000000000003.12345')}${entry('1.62345000')}`);
    expect(padded.statements[0]!.addUp).toMatchObject({ ok: true, expected: '3.12345000' });
  });
});

describe('history: each booked entry the add-up sums, with the day it was booked, for --daily', () => {
  const one = (inner: string) => readStatements(doc('camt.053.001.02', stmt(inner))).statements[0]!;
  const booked = (amount: string, indicator: string, days: string) =>
    `\n<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts>${days}</Ntry>`;

  it('BookgDt (Dt or DtTm, its own day whatever the offset), else ValDt; signed exact amounts, a reversal by its own mark; pending entries left out; file order', () => {
    const statement = read('camt053-v07-offset-dates.xml').statements[0]!;
    expect(statement.history).toEqual({
      entries: [
        { date: '2026-03-31', amount: '-305.00', line: 89 },
        { date: '2026-03-20', amount: '20.00', line: 119 }, // RvslInd: a debit taken back, marked CRDT
        { date: '2026-03-15', amount: '-97.00', line: 150 }, // 23:45 at -05:00 is March 16 in UTC: the day as written
        { date: '2026-03-10', amount: '12.50', line: 180 }, // no BookgDt: its ValDt
        { date: '2026-03-01', amount: '1800.00', line: 207 }, // BookgDt, not the later ValDt
      ],
    });
    expect(statement.history!.entries.map((e) => e.amount)).toHaveLength(statement.addUp!.count);
  });

  it("the fixtures' statements: booked and reversed entries, the pending one left out; none but the balances is an empty history", () => {
    const [first, second] = read('camt053-v02-two-accounts.xml').statements;
    expect(first!.history).toEqual({
      entries: [
        { date: '2026-10-31', amount: '300.00', line: 62 },
        { date: '2026-10-31', amount: '-65.44', line: 85 },
        { date: '2026-10-31', amount: '12.00', line: 94 },
      ],
    });
    expect(second!.history).toEqual({ entries: [{ date: '2026-10-31', amount: '100.00', line: 149 }] });
    expect(one(`${bal('OPBD', '5.00')}${bal('CLBD', '5.00')}`).history).toEqual({ entries: [] });
    expect(read('camt052-v08-intraday.xml').statements[0]!.history).toEqual({ entries: [] }); // its one entry is pending
    expect(read('camt053-v02-no-marks.xml').statements[0]!.history!.entries.map((e) => [e.date, e.amount])).toEqual([
      ['2026-03-04', '250.00'],
      ['2026-03-04', '49.99'],
    ]);
  });

  it('an entry whose day cannot be read: a problem naming its line and why, never a guessed day (the statement itself is still read)', () => {
    const cases: Array<[string, string]> = [
      [
        '<BookgDt><Dt>2026-02-30</Dt></BookgDt><ValDt><Dt>2026-03-01</Dt></ValDt>',
        'line 3: a booked entry\'s BookgDt is "2026-02-30", not a real YYYY-MM-DD date, so the day it was booked is unknown',
      ],
      [
        '<BookgDt></BookgDt><ValDt><Dt>2026-03-01</Dt></ValDt>',
        'line 3: a booked entry\'s BookgDt is "", not a real YYYY-MM-DD date, so the day it was booked is unknown',
      ],
      [
        '<ValDt><DtTm>31.10.2026 10:00</DtTm></ValDt>',
        'line 3: a booked entry\'s ValDt is "31.10.2026 10:00", not a real YYYY-MM-DD date, so the day it was booked is unknown',
      ],
      ['', 'line 3: a booked entry has neither BookgDt nor ValDt, so the day it was booked is unknown'],
    ];
    for (const [days, problem] of cases) {
      const statement = one(
        `${bal('OPBD', '5.00')}${bal('CLBD', '4.00')}${booked('2.00', 'CRDT', '<BookgDt><Dt>2026-10-30</Dt></BookgDt>')}${booked('3.00', 'DBIT', days)}`,
      );
      expect(statement.addUp?.ok).toBe(true);
      expect(statement.history).toEqual({ entries: [], problem });
    }
    // A pending entry's day is never needed.
    expect(
      one(
        `${bal('OPBD', '5.00')}${bal('CLBD', '5.00')}<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts></Ntry>`,
      ).history,
    ).toEqual({ entries: [] });
  });
});
