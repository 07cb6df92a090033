/** One mutation module: the files Stryker mutates, the tests that guard them, its checker's tsconfig. */
export interface MutationModule {
  mutate: string[];
  tests: string[];
  tsconfig: string;
}
export declare const MODULES: Record<string, MutationModule>;
