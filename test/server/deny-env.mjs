// Preloaded into a ledger-mock process (NODE_OPTIONS=--import): reading any LEDGER_MOCK_* variable throws, as it does
// under Deno without --allow-env ("Requires env access to ...").
const real = process.env;
process.env = new Proxy(real, {
  get(target, name) {
    if (typeof name === 'string' && name.startsWith('LEDGER_MOCK_')) {
      throw new Error(`Requires env access to "${name}", run again with the --allow-env flag`);
    }
    return Reflect.get(target, name);
  },
});
