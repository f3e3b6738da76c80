/** One line of `bench-results.json`. */
export interface BenchFigure {
  package: string;
  name: string;
  unit: string;
  value: number;
  p99?: number;
  peer?: string;
  peerValue?: number;
  ratio?: number;
  target?: string;
}
export interface MeasureOptions {
  min_cpu_time?: number;
  min_samples?: number;
  max_samples?: number;
  batch_samples?: number;
  warmup_samples?: number;
}
export interface Stats {
  p50: number;
  p99: number;
  avg: number;
  min: number;
  max: number;
  samples: number;
}
export declare function measure(fn: () => unknown, options?: MeasureOptions): Promise<Stats>;
export declare function compare(args: {
  name: string;
  ours: () => unknown;
  peer: () => unknown;
  peerName: string;
  target?: string;
  unit?: string;
  rounds?: number;
  options?: MeasureOptions;
  pkg?: string;
}): Promise<BenchFigure>;
export declare function single(args: {
  name: string;
  fn: () => unknown;
  target?: string;
  unit?: string;
  options?: MeasureOptions;
  pkg?: string;
}): Promise<BenchFigure>;
export declare function summarize(samples: readonly number[]): {
  p50: number;
  p99: number;
  min: number;
  max: number;
};
export declare function record(
  figure: Omit<BenchFigure, "package"> & { package?: string },
): BenchFigure;
export declare function do_not_optimize(value: unknown): void;
