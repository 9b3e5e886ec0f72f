// The part of autocannon 8's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
  }

  export interface Result {
    duration: number;
    requests: { total: number; average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    throughput: { average: number };
  }

  export interface Instance extends EventEmitter {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
