// The one rule for a base URL's path: the service's address, with or without the API's own prefix. The client, and
// the readers of ledger-parity and ledger-mock copy, take `https://ledger.example.com/api/public/v1` as
// `https://ledger.example.com`, since every path they send already starts with /api/public/v1.
import { API_PREFIX } from '../generated/api-constants';

const TRAILING_API_PREFIX = new RegExp(`${API_PREFIX}$`);

/** A base URL's path without trailing slashes and without a trailing `/api/public/v1`: `/ledger/api/public/v1/` -> `/ledger`. */
export function basePath(pathname: string): string {
  return pathname.replace(/\/+$/, '').replace(TRAILING_API_PREFIX, '');
}
