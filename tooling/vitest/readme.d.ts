export interface ReadmeExampleRun {
  status: number | null;
  stdout: string;
  stderr: string;
  code: string;
}
/** Runs the ```ts blocks under the README's "## Example" heading as one module in the package. */
export declare function runReadmeExample(
  packageDir: string,
  options?: { heading?: string; env?: Record<string, string>; timeout?: number },
): ReadmeExampleRun;
