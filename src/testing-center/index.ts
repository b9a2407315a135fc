/** The testing center's evaluation engine: pure TypeScript, no DOM, no Node; run by the server and the results page. */
export * from './compare-values';
export * from './outcomes';
export * from './metrics';
export * from './confusion';
export * from './compare-runs';
export * from './export';
