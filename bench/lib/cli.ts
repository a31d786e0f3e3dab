// The benches' command line: `--name value` (or `--name` alone, read as 'true').

/** The value after `--name`, 'true' when it is last, undefined when it is absent. */
export function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? 'true') : undefined;
}
