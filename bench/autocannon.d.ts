// The part of autocannon 9's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Requests in flight per connection. */
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Sent in turn on each connection, in place of method, headers and body. */
    requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
