import type { Config } from '../schemas/config.ts';
import { readConfig } from './read-config.ts';

let current: Config | undefined;

/** The process's configuration, read from the environment on first use and then kept. */
export function getConfig(): Config {
  current ??= readConfig();
  return current;
}
