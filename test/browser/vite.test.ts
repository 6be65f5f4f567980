// Vite builds the pages although personal-ledger-sdk/mocks still reaches node:http in a lazily loaded chunk:
// it swaps Node's built-in modules for an empty browser stub (and the chunk never loads in the page).
import { viteBundler } from './support/bundlers';
import { describeBrowserPages } from './support/browser-suite';

describeBrowserPages(viteBundler);
