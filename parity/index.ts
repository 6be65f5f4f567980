// personal-ledger-sdk/parity: checks the fake against a running service (or a recording of one), the
// `ledger-parity` command as a function.
export { runParity } from './run';
export { ParityStartError, type ParityOptions, type ParityRun } from './options';
export { citation, PROBES } from './probes';
export type { Probe, ProbeMode, ProbeState, Step, Together } from './probes/types';
export type { AuthKind, ProbeRequest } from './http/request';
export { UNOBSERVABLE_GAPS } from './probes/unobservable';
export { RULES, type RuleId, type SpecRule } from './probes/rules';
export { coverageLines, type CoverageLine } from './report/coverage';
export { markdownReport } from './report/markdown';
export { checkRecording, RecordingError, RECORDING_FORMAT, type ParityRecording } from './report/recording';
export type { OddAnswer, Outcome, ParityReport, ProbeResult, SafetyRecord } from './report/types';
export { ODDITY_KINDS, type Oddity, type OddityKind } from '../reading/oddities';
export type { Difference } from './compare/diff';
export type { View, ViewOptions } from './compare/view';
export type { Answer } from '../reading/answer';
export type { Inventory } from '../reading/inventory';
export { RESERVED_RANGE } from './state/reserved';
