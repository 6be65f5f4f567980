import { runFlow } from './flow.js';
import { transport } from './transport-sw.js';

window.ledgerFlow = runFlow(transport);
