import { availableParallelism } from 'node:os';
import { ConfigurationError, loadEnvironment, type Environment } from '@serpwise/contracts';

/** Reads process.env once at start, with this machine's cores; a bad configuration ends the process with every problem listed. */
export function environmentOrExit(): Environment {
  try {
    return loadEnvironment(process.env, { cores: availableParallelism() });
  } catch (error) {
    console.error(error instanceof ConfigurationError ? error.message : error);
    process.exit(2);
  }
}
