// Fails until personal-ledger-sdk/mocks no longer reaches node:http: createLedgerMockServer's lazy import of
// the node server (dist/node-server-*.js) makes webpack 5 stop with `Can't resolve 'http'`. The server is
// moving to personal-ledger-sdk/mocks/node; no resolve.fallback here works around it, as a user would not have one.
import { webpackBundler } from './support/bundlers';
import { describeBrowserPages } from './support/browser-suite';

describeBrowserPages(webpackBundler);
