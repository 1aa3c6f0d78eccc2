// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Result {
    requests: { average: number, total: number }
    latency: { p50: number, p99: number, average: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    requests?: Array<{ path: string, method?: string }>
    headers?: Record<string, string>
  }
  function autocannon (options: Options): Promise<Result>
  export default autocannon
}
