// Fails until personal-ledger-sdk/mocks no longer reaches node:http: createLedgerMockServer's lazy import of
// the node server (dist/node-server-*.js) makes esbuild stop with `Could not resolve "http"`. The server is
// moving to personal-ledger-sdk/mocks/node; no bundler setting here works around it, as a user would not have one.
import { esbuildBundler } from './support/bundlers';
import { describeBrowserPages } from './support/browser-suite';

describeBrowserPages(esbuildBundler);
