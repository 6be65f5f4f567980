// personal-ledger-sdk/statements from CommonJS: a camt.053 statement read.
const { readStatements, STATEMENT_FORMATS } = require('personal-ledger-sdk/statements');

const xml =
  '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">12.30</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-10-31</Dt></Dt></Bal></Stmt></BkToCstmrStmt></Document>';
const file = readStatements(new TextEncoder().encode(xml));
console.log(
  JSON.stringify({
    cjs: true,
    formats: STATEMENT_FORMATS.map((f) => f.id),
    format: file.formatName,
    balance: file.statements[0].balances[0],
  }),
);
