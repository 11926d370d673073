/** The domain, in one import. Test helpers (`testing/memory-store`) are imported by path. */
export * from './catalogue.ts';
export * from './formulas.ts';
export * from './model.ts';
export * from './periods.ts';
export * from './reactions/index.ts';
export * from './store.ts';
export * from './store-semantics.ts';
export * from './validation.ts';
