import { runFlow } from './flow.js';
import { transport } from './transport-fetch.js';

window.ledgerFlow = runFlow(transport);
