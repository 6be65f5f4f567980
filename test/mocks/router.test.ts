// The one router of the fake (mocks/core/routes.ts): the API's operations, the /__mock routes and the inspector's all
// route through a table compiled once. What each of them relies on, rule by rule.
import { describe, expect, it } from 'vitest';
import { compileRouter } from '../../mocks/core/routes';

const api = compileRouter([
  { method: 'get', path: '/v1/snapshots', value: 'listSnapshots' },
  { method: 'post', path: '/v1/snapshots/bulk', value: 'bulkUpsertSnapshots' },
  { method: 'get', path: '/v1/snapshots/:id', value: 'getSnapshot' },
  { method: 'patch', path: '/v1/snapshots/:id', value: 'updateSnapshot' },
  { method: 'get', path: '/v1/me', value: 'getMe' },
]);

describe('compileRouter', () => {
  it('routes a method and a path to its value, with the parameters decoded', () => {
    expect(api.match('GET', '/v1/snapshots/snp_1')).toEqual({ value: 'getSnapshot', params: { id: 'snp_1' } });
    expect(api.match('GET', '/v1/snapshots/a%20b')?.params).toEqual({ id: 'a b' });
    expect(api.match('GET', '/v1/me')).toEqual({ value: 'getMe', params: {} });
  });

  it('a malformed escape in a parameter stays as sent (it names nothing), never a throw', () => {
    expect(api.match('GET', '/v1/snapshots/%ZZ')?.params).toEqual({ id: '%ZZ' });
  });

  it('a fixed segment wins over a parameter, whatever the method: PATCH /snapshots/bulk is no update of "bulk"', () => {
    expect(api.match('PATCH', '/v1/snapshots/bulk')).toBeUndefined();
    expect(api.methodsAt('/v1/snapshots/bulk')).toEqual(['POST']);
    expect(api.methodsAt('/v1/snapshots/other')).toEqual(['GET', 'PATCH']);
  });

  it('is exact and case-sensitive: no trailing slash unless a route takes one, no empty segment, no other case', () => {
    for (const path of ['/v1/me/', '/v1/ME', '/v1//me', '/v1/snapshots//', '/v1/snapshots/', 'v1/me', '', '/v1/me/x']) {
      expect(api.match('GET', path), path).toBeUndefined();
      expect(api.methodsAt(path), path).toEqual([]);
    }
    const control = compileRouter([
      { method: 'GET', path: '/__mock/faults', value: 'list', trailingSlash: true },
      { method: 'POST', path: '/__mock/faults', value: 'inject', trailingSlash: true },
      { method: 'DELETE', path: '/__mock/faults/:id', value: 'remove', trailingSlash: true },
    ]);
    expect(control.match('GET', '/__mock/faults/')?.value).toBe('list');
    expect(control.methodsAt('/__mock/faults/')).toEqual(['GET', 'POST']); // in the table's order
    expect(control.match('DELETE', '/__mock/faults/f1/')).toEqual({ value: 'remove', params: { id: 'f1' } });
    expect(control.match('GET', '/__mock/faults//')).toBeUndefined();
  });

  it('a route with tests of its parameters matches only when they hold', () => {
    const inspector = compileRouter([
      { method: 'GET', path: '/i/requests/:id', value: 'bodies', params: { id: /^\d{1,15}$/ } },
    ]);
    expect(inspector.match('GET', '/i/requests/42')).toEqual({ value: 'bodies', params: { id: '42' } });
    expect(inspector.match('GET', '/i/requests/abc')).toBeUndefined();
    expect(inspector.methodsAt('/i/requests/1234567890123456')).toEqual([]);
  });

  it('a path that leads nowhere past a fixed segment tries the parameter', () => {
    const router = compileRouter([
      { method: 'GET', path: '/a/fixed', value: 'fixed' },
      { method: 'GET', path: '/a/:x/more', value: 'more' },
    ]);
    expect(router.match('GET', '/a/fixed/more')).toEqual({ value: 'more', params: { x: 'fixed' } });
    expect(router.match('GET', '/a/fixed')?.value).toBe('fixed');
  });
});
