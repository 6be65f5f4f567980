// personal-ledger-sdk/statements from ESM: an MT940 statement read and its closing balance chosen.
import { readStatements, selectBalances } from 'personal-ledger-sdk/statements';

const text = [
  ':20:STMT',
  ':25:DE89370400440532013000',
  ':60F:C261030EUR100,00',
  ':61:2610301030D10,50NTRFNONREF',
  ':62F:C261030EUR89,50',
  '-',
].join('\n');
const file = readStatements(new TextEncoder().encode(text));
const { balances } = selectBalances([{ source: 'inline.sta', file }]);
console.log(
  JSON.stringify({
    esm: true,
    format: file.formatName,
    addsUp: file.statements[0].addUp.ok,
    written: balances.map((b) => [b.statement.account.id, b.balance.date, b.balance.amount]),
  }),
);
