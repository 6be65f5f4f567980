// The one router of the fake (mocks/core/routes.ts): a front door's one table of the API's operations, the /__mock
// routes and the inspector's, compiled once. What each of them relies on, rule by rule.
import { describe, expect, it } from 'vitest';
import { compileRouter, type Router } from '../../mocks/core/routes';

/** What a lookup leads to: the value and parameters, or `undefined`. */
const match = <T>(router: Router<T>, method: string, path: string) => {
  const found = router.lookup(method, path);
  return 'others' in found ? undefined : found;
};
/** The methods a path has, in the table's order, as a lookup of a method no route has sees them. */
const methodsAt = <T>(router: Router<T>, path: string) => {
  const found = router.lookup('NONE', path);
  return 'others' in found ? [...found.others.keys()] : ['NONE'];
};

const api = compileRouter([
  { method: 'get', path: '/v1/snapshots', value: 'listSnapshots' },
  { method: 'post', path: '/v1/snapshots/bulk', value: 'bulkUpsertSnapshots' },
  { method: 'get', path: '/v1/snapshots/:id', value: 'getSnapshot' },
  { method: 'patch', path: '/v1/snapshots/:id', value: 'updateSnapshot' },
  { method: 'get', path: '/v1/me', value: 'getMe' },
]);

describe('compileRouter', () => {
  it('routes a method and a path to its value, with the parameters decoded', () => {
    expect(match(api, 'GET', '/v1/snapshots/snp_1')).toEqual({ value: 'getSnapshot', params: { id: 'snp_1' } });
    expect(match(api, 'GET', '/v1/snapshots/a%20b')?.params).toEqual({ id: 'a b' });
    expect(match(api, 'GET', '/v1/me')).toEqual({ value: 'getMe', params: {} });
  });

  it('one lookup says both: the route of the method, or the routes of the path by its other methods', () => {
    const miss = api.lookup('DELETE', '/v1/snapshots/snp_1');
    expect(miss.value).toBeUndefined();
    expect(miss.value === undefined && [...miss.others]).toEqual([
      ['GET', 'getSnapshot'],
      ['PATCH', 'updateSnapshot'],
    ]);
    const nowhere = api.lookup('GET', '/v1/nope');
    expect(nowhere.value === undefined && nowhere.others.size).toBe(0);
  });

  it('a malformed escape in a parameter stays as sent (it names nothing), never a throw', () => {
    expect(match(api, 'GET', '/v1/snapshots/%ZZ')?.params).toEqual({ id: '%ZZ' });
  });

  it('a fixed segment wins over a parameter, whatever the method: PATCH /snapshots/bulk is no update of "bulk"', () => {
    expect(match(api, 'PATCH', '/v1/snapshots/bulk')).toBeUndefined();
    expect(methodsAt(api, '/v1/snapshots/bulk')).toEqual(['POST']);
    expect(methodsAt(api, '/v1/snapshots/other')).toEqual(['GET', 'PATCH']);
  });

  it('is exact and case-sensitive: no trailing slash unless a route takes one, no empty segment, no other case', () => {
    for (const path of ['/v1/me/', '/v1/ME', '/v1//me', '/v1/snapshots//', '/v1/snapshots/', 'v1/me', '', '/v1/me/x']) {
      expect(match(api, 'GET', path), path).toBeUndefined();
      expect(methodsAt(api, path), path).toEqual([]);
    }
    const control = compileRouter([
      { method: 'GET', path: '/__mock/faults', value: 'list', trailingSlash: true },
      { method: 'POST', path: '/__mock/faults', value: 'inject', trailingSlash: true },
      { method: 'DELETE', path: '/__mock/faults/:id', value: 'remove', trailingSlash: true },
    ]);
    expect(match(control, 'GET', '/__mock/faults/')?.value).toBe('list');
    expect(methodsAt(control, '/__mock/faults/')).toEqual(['GET', 'POST']); // in the table's order
    expect(match(control, 'DELETE', '/__mock/faults/f1/')).toEqual({ value: 'remove', params: { id: 'f1' } });
    expect(match(control, 'GET', '/__mock/faults//')).toBeUndefined();
  });

  it('a route with tests of its parameters matches only when they hold', () => {
    const inspector = compileRouter([
      { method: 'GET', path: '/i/requests/:id', value: 'bodies', params: { id: /^\d{1,15}$/ } },
    ]);
    expect(match(inspector, 'GET', '/i/requests/42')).toEqual({ value: 'bodies', params: { id: '42' } });
    expect(match(inspector, 'GET', '/i/requests/abc')).toBeUndefined();
    expect(methodsAt(inspector, '/i/requests/1234567890123456')).toEqual([]);
  });

  it('a path that leads nowhere past a fixed segment tries the parameter', () => {
    const router = compileRouter([
      { method: 'GET', path: '/a/fixed', value: 'fixed' },
      { method: 'GET', path: '/a/:x/more', value: 'more' },
    ]);
    expect(match(router, 'GET', '/a/fixed/more')).toEqual({ value: 'more', params: { x: 'fixed' } });
    expect(match(router, 'GET', '/a/fixed')?.value).toBe('fixed');
  });
});
