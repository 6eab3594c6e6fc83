/**
 * The seed of a suite's random cases: fixed by default, so that every run of the suite is the same
 * run; the environment variable named changes it (to repeat a run printed elsewhere, or to try
 * other cases). The suites print the seed when a random case fails.
 */
export function seedFromEnv(variable: string, fallback: number): number {
	const value = process.env[variable];
	if (value === undefined || value.trim() === '') return fallback;
	const seed = Number(value);
	if (!Number.isSafeInteger(seed)) throw new Error(`${variable}="${value}" is not a whole number`);
	return seed;
}

/** The default seed of the suites' random cases (FC_SEED, TRIGGER_SEED). */
export const DEFAULT_SEED = 20261128;
