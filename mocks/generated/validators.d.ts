// This file was generated from openapi.json by scripts/generate-validators.mjs (ajv standalone code).
// Do not make direct changes to the file: edit openapi.json and run `npm run generate`.

/** One problem a validator found: the parts of ajv's ErrorObject that the fake reads. */
export interface ValidationError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** True when `data` matches the schema; otherwise `errors` lists every problem (allErrors). */
export interface Validator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

export declare const validateAccountCreate: Validator;
export declare const validateAccountUpdate: Validator;
export declare const validateSnapshotWrite: Validator;
export declare const validateSnapshotUpdate: Validator;
export declare const validateBulkUpsertRequest: Validator;
export declare const validateDate: Validator;
export declare const validateUuid: Validator;
export declare const validateBulkShape: Validator;
