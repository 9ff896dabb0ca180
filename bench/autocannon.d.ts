// The few fields of autocannon 9 these benchmarks read (the package ships no types).
declare module "autocannon" {
  type Result = {
    requests: { average: number };
    latency: { p99: number; average: number };
    non2xx: number;
    errors: number;
  };
  export default function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }): Promise<Result>;
}
