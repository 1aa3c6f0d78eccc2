// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Result {
    requests: { average: number }
    non2xx: number
    errors: number
  }
  function autocannon (options: { url: string, connections?: number, duration?: number, pipelining?: number }): Promise<Result>
  export default autocannon
}
